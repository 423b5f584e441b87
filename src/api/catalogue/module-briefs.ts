/**
 * What each module of the application's interface is for, in our words: the one sentence a module's
 * documentation opens with when our own catalogue does not describe it (whole-interface.ts). The
 * facts of its operations are interface-facts.json; only this sentence is written by hand.
 */
export const MODULE_BRIEFS: Readonly<Record<string, string>> = {
  'motion.data.object.analog': 'The analog boards of the current measurement and their channels: names, ids and units.',
  'motion.data.object.bone': 'The bones of the current measurement: lines drawn between two trajectories.',
  'motion.data.object.event': 'The events of the current measurement: labelled moments in time (heel strike, toe off).',
  'motion.data.object.skeleton': 'Read the skeletons of the current data (read-only).',
  'motion.data.object.trajectory':
    'The trajectories of the current measurement: add, delete, label, fill gaps, smooth, and move parts between them.',
  'motion.data.series._2d': 'The 2D marker data each camera saw, as series of samples.',
  'motion.data.series._3d': 'The 3D positions of each trajectory, sample by sample, with residuals and gaps.',
  'motion.data.series._6d': 'The 6DOF rigid bodies of the measurement: a transform and a residual per sample.',
  'motion.data.series.analog': 'The samples of each analog channel, at the channel’s own rate.',
  'motion.data.series.force': 'The force plates: force, moment and centre of pressure per sample.',
  'motion.data.series.gaze': 'The gaze vectors of eye trackers: a position and a direction per sample.',
  'motion.data.series.skeleton': 'The solved skeletons: each segment’s transform per sample.',
  'motion.data.series.time.irig': 'IRIG timecode samples: year, day, hour, minute, second and tenth.',
  'motion.data.series.time.ptp': 'PTP (precision time protocol) timestamps: seconds and nanoseconds per sample.',
  'motion.data.series.time.smpte': 'SMPTE timecode samples: hour, minute, second and frame.',
  'motion.file': 'The measurement file: open, save, save as and close, and what it is (its path, capture time).',
  'motion.gui._3d': 'Draw in the 3D view (spheres, arrows, axes, meshes, text) from a draw function.',
  'motion.gui.dialog': 'Ask the person at the application: message boxes, file dialogs and text input.',
  'motion.gui':
    'Commands, their menus and their keyboard shortcuts: add a command, give it a function, put it in a menu.',
  'motion.gui.message': 'Add a line to the application’s messages, as information, a warning or an error.',
  'motion.gui.selection': 'Read and modify the current selection of trajectories and bones.',
  'motion.gui.terminal': 'Write to the application’s scripting terminal, or clear it.',
  'motion.gui.timeline':
    'The timeline: the frame count, the current frame, and the measured, selected and trace ranges.',
  motion: 'The scripting package of the motion-capture application.',
  'motion.settings.camera': 'The camera system: each camera’s type, model, serial number and state.',
  'motion.settings.directory': 'The folders the application uses: project, calibration, AIM models, temporary files.',
  'motion.settings.euler': 'How rotations are written as Euler angles: the convention, sequence, axes and ranges.',
  'motion.settings.export.c3d': 'What an export to C3D writes, and how.',
  'motion.settings.export.fbx': 'What an export to FBX writes, and how.',
  'motion.settings.export.mat': 'What an export to MATLAB (.mat) writes.',
  'motion.settings.export.sto': 'The axes of an export to OpenSim’s .sto format.',
  'motion.settings.export.trc': 'The axes of an export to the .trc format.',
  'motion.settings.export.tsv': 'What an export to tab-separated text (.tsv) writes, and how.',
  'motion.settings.processing._2d': 'How 2D marker data is processed: marker size limits and centre point correction.',
  'motion.settings.processing._3d':
    'How 3D trajectories are tracked: prediction error, residual, ray limits, joining and the bounding box.',
  'motion.settings.processing._6d': 'The rigid bodies tracked in 6DOF: their points, names, colours and filters.',
  'motion.settings.processing.aim': 'The AIM models that identify (label) trajectories, and how they are applied.',
  'motion.settings.processing':
    'Which processing steps run (tracking, gap filling, AIM, skeleton solving, force data) and how.',
  'motion.settings.processing.skeleton':
    'Read and modify the skeleton definitions held in the project or measurement settings.',
  'motion.utilities.color': 'Colours as the interface writes them (0xbbggrr integers), from RGB or HSL.',
  'motion.utilities.documentation':
    'Read the documentation of the package, its modules, methods, parameters and return values.',
  'motion.utilities.math': 'Mathematical helpers of the scripting environment.',
};
