// Generated from the catalogue by `npm run generate`; do not edit. A test fails when it drifts.
/* eslint-disable */

/** [x, y, z] in millimetres. */
export type Vec3 = [number, number, number];
/** Four rows of four numbers, row-major; translation in millimetres in the last column. */
export type Mat4 = number[][];

/** Read and modify the skeleton definitions held in the project or measurement settings. */
export interface MotionApiSettingsProcessingSkeleton {
  /** Adds a skeleton and returns its identifier. */
  add_skeleton(source: "project" | "measurement", name: string): Promise<number>;
  /** Adds a segment as the last child of a parent segment and returns its identifier. */
  add_segment(source: "project" | "measurement", parent_id: number, name: string): Promise<number>;
  /** Deletes a skeleton and all its segments. */
  delete_skeleton(source: "project" | "measurement", skeleton_id: number): Promise<null>;
  /** Deletes a segment and its whole subtree. */
  delete_segment(source: "project" | "measurement", segment_id: number): Promise<null>;
  /** Deletes all skeletons of the source. */
  clear_skeletons(source: "project" | "measurement"): Promise<null>;
  /** Returns the identifier of the skeleton at an index. */
  get_skeleton_id(source: "project" | "measurement", index: number): Promise<number>;
  /** Returns the identifiers of all skeletons. */
  get_skeleton_ids(source: "project" | "measurement"): Promise<number[]>;
  /** Returns the number of skeletons. */
  get_skeleton_count(source: "project" | "measurement"): Promise<number>;
  /** Returns the name of a skeleton. */
  get_skeleton_name(source: "project" | "measurement", skeleton_id: number): Promise<string>;
  /** Renames a skeleton. */
  set_skeleton_name(source: "project" | "measurement", skeleton_id: number, name: string): Promise<null>;
  /** Returns the scale of a skeleton. */
  get_skeleton_scale(source: "project" | "measurement", skeleton_id: number): Promise<number>;
  /** Sets the scale of a skeleton. */
  set_skeleton_scale(source: "project" | "measurement", skeleton_id: number, scale: number): Promise<null>;
  /** Returns the identifier of the root segment of a skeleton. */
  get_skeleton_root_id(source: "project" | "measurement", skeleton_id: number): Promise<number>;
  /** Returns the identifier of the segment of a skeleton at an index. */
  get_segment_id(source: "project" | "measurement", skeleton_id: number, index: number): Promise<number>;
  /** Returns the identifiers of all segments of a skeleton. */
  get_segment_ids(source: "project" | "measurement", skeleton_id: number): Promise<number[]>;
  /** Returns the number of segments of a skeleton, its root included. */
  get_segment_count(source: "project" | "measurement", skeleton_id: number): Promise<number>;
  /** Returns the name of a segment. */
  get_segment_name(source: "project" | "measurement", segment_id: number): Promise<string>;
  /** Renames a segment. */
  set_segment_name(source: "project" | "measurement", segment_id: number, name: string): Promise<null>;
  /** Returns the solver of a segment. */
  get_segment_solver(source: "project" | "measurement", segment_id: number): Promise<"none" | "global_optimization" | null>;
  /** Sets the solver of a segment. */
  set_segment_solver(source: "project" | "measurement", segment_id: number, solver?: "none" | "global_optimization" | null): Promise<null>;
  /** Returns the calibrated pose of a segment. */
  get_segment_transform(source: "project" | "measurement", segment_id: number): Promise<Mat4>;
  /** Sets the calibrated pose of a segment. */
  set_segment_transform(source: "project" | "measurement", segment_id: number, transform: Mat4): Promise<null>;
  /** Returns the default transform of a segment. */
  get_segment_default_transform(source: "project" | "measurement", segment_id: number): Promise<Mat4>;
  /** Sets the default transform of a segment. */
  set_segment_default_transform(source: "project" | "measurement", segment_id: number, transform: Mat4): Promise<null>;
  /** Returns the degrees of freedom of a segment. */
  get_segment_degrees_of_freedom(source: "project" | "measurement", segment_id: number): Promise<Record<"rotation_x" | "rotation_y" | "rotation_z" | "translation_x" | "translation_y" | "translation_z", { "constraint": { "lower_bound": number; "upper_bound": number } | null; "couplings": { "segment": string; "degree_of_freedom": "rotation_x" | "rotation_y" | "rotation_z" | "translation_x" | "translation_y" | "translation_z"; "coefficient": number }[]; "goal": { "value": number; "weight": number } | null }>>;
  /** Replaces the degrees of freedom of a segment. */
  set_segment_degrees_of_freedom(source: "project" | "measurement", segment_id: number, degrees_of_freedom: Partial<Record<"rotation_x" | "rotation_y" | "rotation_z" | "translation_x" | "translation_y" | "translation_z", { "constraint"?: { "lower_bound": number; "upper_bound": number } | null; "couplings": { "segment": string; "degree_of_freedom": "rotation_x" | "rotation_y" | "rotation_z" | "translation_x" | "translation_y" | "translation_z"; "coefficient": number }[]; "goal"?: { "value": number; "weight": number } | null }>>): Promise<null>;
  /** Returns the endpoint of a segment. */
  get_segment_endpoint(source: "project" | "measurement", segment_id: number): Promise<Vec3 | null>;
  /** Sets the endpoint of a segment. */
  set_segment_endpoint(source: "project" | "measurement", segment_id: number, endpoint?: Vec3 | null): Promise<null>;
  /** Returns the markers of a segment. */
  get_segment_markers(source: "project" | "measurement", segment_id: number): Promise<{ "name": string; "position": Vec3; "weight": number }[]>;
  /** Replaces the markers of a segment. */
  set_segment_markers(source: "project" | "measurement", segment_id: number, markers: { "name": string; "position": Vec3; "weight": number }[]): Promise<null>;
  /** Returns the rigid bodies of a segment. */
  get_segment_rigid_bodies(source: "project" | "measurement", segment_id: number): Promise<{ "name": string; "transform": Mat4; "weight": number }[]>;
  /** Replaces the rigid bodies of a segment. */
  set_segment_rigid_bodies(source: "project" | "measurement", segment_id: number, rigid_bodies: { "name": string; "transform": Mat4; "weight": number }[]): Promise<null>;
  /** Returns the identifier of the skeleton a segment belongs to. */
  get_segment_skeleton_id(source: "project" | "measurement", segment_id: number): Promise<number>;
  /** Returns the identifier of the parent of a segment. */
  get_segment_parent_id(source: "project" | "measurement", segment_id: number): Promise<number | null>;
  /** Returns the identifier of the child of a segment at an index. */
  get_segment_child_id(source: "project" | "measurement", segment_id: number, index: number): Promise<number>;
  /** Returns the identifiers of the children of a segment. */
  get_segment_child_ids(source: "project" | "measurement", segment_id: number): Promise<number[]>;
  /** Returns the number of children of a segment. */
  get_segment_child_count(source: "project" | "measurement", segment_id: number): Promise<number>;
  /** Finds a skeleton by name. */
  find_skeleton(source: "project" | "measurement", name: string): Promise<number | null>;
  /** Finds a segment of a skeleton by name. */
  find_segment(source: "project" | "measurement", skeleton_id: number, name: string): Promise<number | null>;
  /** Returns the documentation of a method of this module, or of the module. */
  help(method?: string | null): Promise<string>;
}

/** The motion.settings.processing namespace. */
export interface MotionApiSettingsProcessing {
  skeleton: MotionApiSettingsProcessingSkeleton;
}

/** The motion.settings namespace. */
export interface MotionApiSettings {
  processing: MotionApiSettingsProcessing;
}

/** Read the skeletons of the current data (read-only). */
export interface MotionApiDataObjectSkeleton {
  /** Returns the identifier of the skeleton at an index. */
  get_skeleton_id(index: number): Promise<number>;
  /** Returns the identifiers of all skeletons. */
  get_skeleton_ids(): Promise<number[]>;
  /** Returns the number of skeletons. */
  get_skeleton_count(): Promise<number>;
  /** Returns the name of a skeleton. */
  get_skeleton_name(skeleton_id: number): Promise<string>;
  /** Returns the scale of a skeleton. */
  get_skeleton_scale(skeleton_id: number): Promise<number>;
  /** Returns the identifier of the root segment of a skeleton. */
  get_skeleton_root_id(skeleton_id: number): Promise<number>;
  /** Returns the identifier of the segment of a skeleton at an index. */
  get_segment_id(skeleton_id: number, index: number): Promise<number>;
  /** Returns the identifiers of all segments of a skeleton. */
  get_segment_ids(skeleton_id: number): Promise<number[]>;
  /** Returns the number of segments of a skeleton, its root included. */
  get_segment_count(skeleton_id: number): Promise<number>;
  /** Returns the name of a segment. */
  get_segment_name(segment_id: number): Promise<string>;
  /** Returns the solver of a segment. */
  get_segment_solver(segment_id: number): Promise<"none" | "global_optimization" | null>;
  /** Returns the calibrated pose of a segment. */
  get_segment_transform(segment_id: number): Promise<Mat4>;
  /** Returns the default transform of a segment. */
  get_segment_default_transform(segment_id: number): Promise<Mat4>;
  /** Returns the degrees of freedom of a segment. */
  get_segment_degrees_of_freedom(segment_id: number): Promise<Record<"rotation_x" | "rotation_y" | "rotation_z" | "translation_x" | "translation_y" | "translation_z", { "constraint": { "lower_bound": number; "upper_bound": number } | null; "couplings": { "segment": string; "degree_of_freedom": "rotation_x" | "rotation_y" | "rotation_z" | "translation_x" | "translation_y" | "translation_z"; "coefficient": number }[]; "goal": { "value": number; "weight": number } | null }>>;
  /** Returns the endpoint of a segment. */
  get_segment_endpoint(segment_id: number): Promise<Vec3 | null>;
  /** Returns the markers of a segment. */
  get_segment_markers(segment_id: number): Promise<{ "name": string; "position": Vec3; "weight": number }[]>;
  /** Returns the rigid bodies of a segment. */
  get_segment_rigid_bodies(segment_id: number): Promise<{ "name": string; "transform": Mat4; "weight": number }[]>;
  /** Returns the identifier of the skeleton a segment belongs to. */
  get_segment_skeleton_id(segment_id: number): Promise<number>;
  /** Returns the identifier of the parent of a segment. */
  get_segment_parent_id(segment_id: number): Promise<number | null>;
  /** Returns the identifier of the child of a segment at an index. */
  get_segment_child_id(segment_id: number, index: number): Promise<number>;
  /** Returns the identifiers of the children of a segment. */
  get_segment_child_ids(segment_id: number): Promise<number[]>;
  /** Returns the number of children of a segment. */
  get_segment_child_count(segment_id: number): Promise<number>;
  /** Finds a skeleton by name. */
  find_skeleton(name: string): Promise<number | null>;
  /** Finds a segment of a skeleton by name. */
  find_segment(skeleton_id: number, name: string): Promise<number | null>;
  /** Returns the documentation of a method of this module, or of the module. */
  help(method?: string | null): Promise<string>;
}

/** Read the trajectories of the current data. */
export interface MotionApiDataObjectTrajectory {
  /** Finds a trajectory by its label. */
  find_trajectory(label: string): Promise<number | null>;
  /** Returns the identifier of a trajectory by index. */
  get_trajectory_id(index: number): Promise<number>;
  /** Returns the identifiers of all trajectories, labelled and unidentified. */
  get_trajectory_ids(): Promise<number[]>;
  /** Returns the number of trajectories, labelled and unidentified. */
  get_trajectory_count(): Promise<number>;
  /** Returns the label of a trajectory. */
  get_label(id: number): Promise<string | null>;
  /** Returns one part of a trajectory by index. */
  get_part(id: number, index: number): Promise<{ "range": { "start": number; "end": number }; "type": string }>;
  /** Returns all parts of a trajectory, in frame order. */
  get_parts(id: number): Promise<{ "range": { "start": number; "end": number }; "type": string }[]>;
  /** Returns the number of parts of a trajectory. */
  get_part_count(id: number): Promise<number>;
  /** Returns the skeleton segment a trajectory belongs to. */
  get_skeleton_segment_id(id: number): Promise<number | null>;
  /** Returns the documentation of a method of this module, or of the module. */
  help(method?: string | null): Promise<string>;
}

/** Read and change the bones of the current data. */
export interface MotionApiDataObjectBone {
  /** Adds a bone between two trajectories. */
  add_bone(trajectory_id_1: number, trajectory_id_2: number, color?: number | null): Promise<number>;
  /** Deletes a bone. */
  delete_bone(bone_id: number): Promise<null>;
  /** Finds the bone between two trajectories. */
  find_bone(trajectory_id_1: number, trajectory_id_2: number): Promise<number | null>;
  /** Deletes all bones. */
  clear_bones(): Promise<null>;
  /** Returns the identifier of a bone by index. */
  get_bone_id(index: number): Promise<number>;
  /** Returns the identifiers of all bones. */
  get_bone_ids(): Promise<number[]>;
  /** Returns the number of bones. */
  get_bone_count(): Promise<number>;
  /** Returns the identifiers of the two trajectories a bone joins. */
  get_bone_trajectory_ids(bone_id: number): Promise<number[]>;
  /** Returns the colour of a bone. */
  get_bone_color(bone_id: number): Promise<number>;
  /** Sets the colour of a bone. */
  set_bone_color(bone_id: number, color: number): Promise<null>;
  /** Returns the documentation of a method of this module, or of the module. */
  help(method?: string | null): Promise<string>;
}

/** The motion.data.object namespace. */
export interface MotionApiDataObject {
  skeleton: MotionApiDataObjectSkeleton;
  trajectory: MotionApiDataObjectTrajectory;
  bone: MotionApiDataObjectBone;
}

/** The motion.data namespace. */
export interface MotionApiData {
  object: MotionApiDataObject;
}

/** Read and change the selection of objects in the application. */
export interface MotionApiGuiSelection {
  /** Removes the selections of a type, or all selections. */
  clear_selections(type?: "trajectory" | "bone" | null): Promise<null>;
  /** Tells whether an object is currently selected. */
  is_selected(selection: { "type": "trajectory" | "bone"; "id": number; "part_index"?: number | null }): Promise<boolean>;
  /** Counts the selections of a type, or all selections. */
  get_selection_count(type?: "trajectory" | "bone" | null): Promise<number>;
  /** Returns the selections of a type, or all selections. */
  get_selections(type?: "trajectory" | "bone" | null): Promise<{ "type": "trajectory" | "bone"; "id": number; "part_index": number | null }[]>;
  /** Replaces the whole selection. */
  set_selections(selections: { "type": "trajectory" | "bone"; "id": number; "part_index"?: number | null }[]): Promise<null>;
  /** Adds objects to the selection. */
  select(selections: { "type": "trajectory" | "bone"; "id": number; "part_index"?: number | null }[]): Promise<null>;
  /** Removes objects from the selection. */
  deselect(selections: { "type": "trajectory" | "bone"; "id": number; "part_index"?: number | null }[]): Promise<null>;
  /** Returns the documentation of a method of this module, or of the module. */
  help(method?: string | null): Promise<string>;
}

/** The motion.gui namespace. */
export interface MotionApiGui {
  selection: MotionApiGuiSelection;
}

/** Read the documentation of the package, its modules, methods, parameters and return values. */
export interface MotionApiUtilitiesDocumentation {
  /** Returns the name of the package. */
  get_package_name(): Promise<string>;
  /** Returns the documentation of the whole package. */
  get_package_documentation(): Promise<{ "name": string; "modules": { "path": string; "brief": string; "details": string; "methods": { "name": string; "brief": string; "details": string; "parameters": { "name": string; "type": string; "description": string }[]; "return_value": { "type": string; "description": string } | null }[] }[] }>;
  /** Returns the number of modules. */
  get_module_count(): Promise<number>;
  /** Returns the dotted path of a module. */
  get_module_path(module_index: number): Promise<string>;
  /** Returns the one-line description of a module. */
  get_module_brief(module_index: number): Promise<string>;
  /** Returns the detailed description of a module. */
  get_module_details(module_index: number): Promise<string>;
  /** Returns the documentation of a module. */
  get_module_documentation(module_index: number): Promise<{ "path": string; "brief": string; "details": string; "methods": { "name": string; "brief": string; "details": string; "parameters": { "name": string; "type": string; "description": string }[]; "return_value": { "type": string; "description": string } | null }[] }>;
  /** Returns the number of methods of a module. */
  get_method_count(module_index: number): Promise<number>;
  /** Returns the name of a method. */
  get_method_name(module_index: number, method_index: number): Promise<string>;
  /** Returns the one-line description of a method. */
  get_method_brief(module_index: number, method_index: number): Promise<string>;
  /** Returns the detailed description of a method. */
  get_method_details(module_index: number, method_index: number): Promise<string>;
  /** Returns the signature of a method. */
  get_method_signature(module_index: number, method_index: number): Promise<string>;
  /** Returns the documentation of a method. */
  get_method_documentation(module_index: number, method_index: number): Promise<{ "name": string; "brief": string; "details": string; "parameters": { "name": string; "type": string; "description": string }[]; "return_value": { "type": string; "description": string } | null }>;
  /** Returns the number of parameters of a method. */
  get_parameter_count(module_index: number, method_index: number): Promise<number>;
  /** Returns the name of a parameter. */
  get_parameter_name(module_index: number, method_index: number, parameter_index: number): Promise<string>;
  /** Returns the type string of a parameter. */
  get_parameter_type(module_index: number, method_index: number, parameter_index: number): Promise<string>;
  /** Returns the description of a parameter. */
  get_parameter_description(module_index: number, method_index: number, parameter_index: number): Promise<string>;
  /** Returns the documentation of a parameter. */
  get_parameter_documentation(module_index: number, method_index: number, parameter_index: number): Promise<{ "name": string; "type": string; "description": string }>;
  /** Returns the type string of the return value of a method. */
  get_return_value_type(module_index: number, method_index: number): Promise<string | null>;
  /** Returns the description of the return value of a method. */
  get_return_value_description(module_index: number, method_index: number): Promise<string | null>;
  /** Returns the documentation of the return value of a method. */
  get_return_value_documentation(module_index: number, method_index: number): Promise<{ "type": string; "description": string } | null>;
  /** Returns a help text; used by the global help function. */
  get_help_text(topic?: "overview" | "modules" | "types" | "signatures" | "changelog" | null): Promise<string>;
  /** Returns the documentation of a method of this module, or of the module. */
  help(method?: string | null): Promise<string>;
}

/** The motion.utilities namespace. */
export interface MotionApiUtilities {
  documentation: MotionApiUtilitiesDocumentation;
}

/** The scripting package of the motion-capture application. */
export interface MotionApi {
  settings: MotionApiSettings;
  data: MotionApiData;
  gui: MotionApiGui;
  utilities: MotionApiUtilities;
  /** Returns the version number of the application. */
  get_version(): Promise<{ "major": number; "minor": number; "build": number }>;
  /** Returns the documentation of a method of this module, or of the module. */
  help(method?: string | null): Promise<string>;
}
