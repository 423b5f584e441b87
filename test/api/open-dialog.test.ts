import assert from 'node:assert/strict';
import { dialogShown } from '../../src/api/gui/open-dialog';

/** How a script's dialog is shown in VS Code: its kind, words, buttons, file filters and folder. */
describe('a script’s dialog, as VS Code shows it', () => {
  it('a message box: its title, message and buttons, its icon (information unless warning or error)', () => {
    assert.deepEqual(
      dialogShown({ id: 1, dialog: 'show_message_box', args: ['Save?', 'Save the file?', ['Yes', 'No'], 'question'] }),
      { kind: 'message', icon: 'information', title: 'Save?', message: 'Save the file?', buttons: ['Yes', 'No'] },
    );
    assert.equal(dialogShown({ id: 1, dialog: 'show_message_box', args: ['', '', ['OK'], 'error'] }).kind, 'message');
    const warned = dialogShown({ id: 1, dialog: 'show_message_box', args: ['t', 'm', ['OK'], 'warning'] });
    assert.equal(warned.kind === 'message' && warned.icon, 'warning');
  });

  it('an input: its title, its prompt, and the text it starts with (none: empty)', () => {
    assert.deepEqual(dialogShown({ id: 2, dialog: 'show_string_input_dialog', args: ['Fill', 'Longest gap', '50'] }), {
      kind: 'input',
      title: 'Fill',
      prompt: 'Longest gap',
      value: '50',
    });
    assert.deepEqual(dialogShown({ id: 2, dialog: 'show_string_input_dialog', args: ['Fill', 'Longest gap', null] }), {
      kind: 'input',
      title: 'Fill',
      prompt: 'Longest gap',
      value: '',
    });
  });

  it('open and save: the application’s filters as named extension lists, one or many files, the folder and file to start from', () => {
    assert.deepEqual(
      dialogShown({
        id: 3,
        dialog: 'show_open_file_dialog',
        args: [null, ['C3D files (*.c3d *.qtm)', '*.txt', 'All files (*.*)', 'Bad ()', 7], true, '/data'],
      }),
      {
        kind: 'open',
        title: 'Open',
        filters: { 'C3D files': ['c3d', 'qtm'], '*.txt': ['txt'], 'All files': ['*'] },
        many: true,
        folder: '/data',
      },
    );
    assert.deepEqual(
      dialogShown({ id: 4, dialog: 'show_save_file_dialog', args: ['Export', ['CSV (*.csv)'], 'walk.csv', ''] }),
      { kind: 'save', title: 'Export', filters: { CSV: ['csv'] }, file: 'walk.csv', folder: null },
    );
    const single = dialogShown({ id: 5, dialog: 'show_open_file_dialog', args: ['Pick', null, null, null] });
    assert.deepEqual(single, { kind: 'open', title: 'Pick', filters: {}, many: false, folder: null });
  });
});
