import assert from 'node:assert/strict';
import type { CodeAction, Position } from 'vscode-languageserver-types';
import { INSERT_SNIPPET_COMMAND } from '../../server/language/lsp/protocol';
import { scriptFixture } from '../support/script-fixture';

/** The code actions offered for every diagnostic of a script, with the script's text after each is applied. */
async function fixes(
  languageId: 'python' | 'lua',
  text: string,
  snippetCommand: string | undefined = INSERT_SNIPPET_COMMAND,
): Promise<{ title: string; after: string }[]> {
  const { service, uri } = await scriptFixture(languageId, text, { snippetCommand });
  const document = service.documents.get(uri)!.text;
  const applied = (action: CodeAction): string => {
    const offset = (p: Position) => document.offsetAt(p);
    if (action.edit) {
      const [edit] = action.edit.changes![uri];
      return text.slice(0, offset(edit.range.start)) + edit.newText + text.slice(offset(edit.range.end));
    }
    // The snippet command, as the editor inserts it: each placeholder becomes its name.
    assert.equal(action.command?.command, INSERT_SNIPPET_COMMAND);
    const [target, at, snippet] = action.command.arguments as [string, Position, string];
    assert.equal(target, uri);
    const plain = snippet.replace(/\$\{\d+:([^}]*)\}/g, '$1');
    return text.slice(0, offset(at)) + plain + text.slice(offset(at));
  };
  return service
    .codeActions(uri, service.diagnose(uri))
    .map((action) => ({ title: action.title, after: applied(action) }));
}

describe('quick fixes of the diagnostics', () => {
  it('changes a misspelt module or operation to the name meant', async () => {
    assert.deepEqual(
      await fixes('python', 'import motion\nmotion.sttings.processing.skeleton.get_skeleton_ids("project")\n'),
      [
        {
          title: 'Change to "settings"',
          after: 'import motion\nmotion.settings.processing.skeleton.get_skeleton_ids("project")\n',
        },
      ],
    );
    assert.deepEqual(await fixes('lua', 'local n = motion.gui.selection.get_selection_cont()\n'), [
      { title: 'Change to "get_selection_count"', after: 'local n = motion.gui.selection.get_selection_count()\n' },
    ]);
  });

  it('changes a misspelt enumeration value, keeping its quotes', async () => {
    assert.deepEqual(
      await fixes('python', 'import motion\nmotion.settings.processing.skeleton.add_skeleton("projct", "A")\n'),
      [
        {
          title: 'Change to "project"',
          after: 'import motion\nmotion.settings.processing.skeleton.add_skeleton("project", "A")\n',
        },
      ],
    );
    assert.deepEqual(await fixes('lua', "motion.gui.selection.set_selections({{type = 'bon', id = 3}})\n"), [
      { title: 'Change to "bone"', after: "motion.gui.selection.set_selections({{type = 'bone', id = 3}})\n" },
    ]);
  });

  it('adds placeholders for missing arguments, after a comma when some are given', async () => {
    const py = 'import motion.settings.processing.skeleton as sk\n';
    assert.deepEqual(await fixes('python', `${py}sk.add_segment("project")\n`), [
      {
        title: 'Add the missing arguments: parent_id, name',
        after: `${py}sk.add_segment("project", parent_id, name)\n`,
      },
    ]);
    assert.deepEqual(await fixes('lua', 'motion.settings.processing.skeleton.get_skeleton_name()\n'), [
      {
        title: 'Add the missing arguments: source, skeleton_id',
        after: 'motion.settings.processing.skeleton.get_skeleton_name(source, skeleton_id)\n',
      },
    ]);
    assert.deepEqual(
      await fixes('python', `${py}sk.add_segment("project", name="A")\n`),
      [],
      'not after a keyword argument (a positional one cannot follow it)',
    );
  });

  it('in an editor with no snippet command, writes the missing arguments’ names', async () => {
    const py = 'import motion.settings.processing.skeleton as sk\n';
    const { service, uri } = await scriptFixture('python', `${py}sk.add_segment("project")\n`);
    const [fix] = service.codeActions(uri, service.diagnose(uri));
    assert.equal(fix.command, undefined);
    assert.deepEqual(fix.edit?.changes?.[uri], [
      { range: { start: { line: 1, character: 24 }, end: { line: 1, character: 24 } }, newText: ', parent_id, name' },
    ]);
    assert.deepEqual(await fixes('lua', 'motion.settings.processing.skeleton.get_skeleton_name()\n', undefined), [
      {
        title: 'Add the missing arguments: source, skeleton_id',
        after: 'motion.settings.processing.skeleton.get_skeleton_name(source, skeleton_id)\n',
      },
    ]);
  });

  it('names a single missing argument, and ties each fix to its diagnostic, preferred when it is the only one', async () => {
    const { service, uri } = await scriptFixture(
      'python',
      'import motion\nimport motion.settings.processing.skeleton as sk\nsk.add_skeleton("project")\nmotion.gui.selektion\n',
    );
    const diagnostics = service.diagnose(uri);
    const actions = service.codeActions(uri, diagnostics);
    assert.deepEqual(
      actions.map((a) => [a.title, a.isPreferred, a.kind]),
      [
        ['Add the missing argument: name', true, 'quickfix'],
        ['Change to "selection"', true, 'quickfix'],
      ],
    );
    assert.deepEqual(
      actions.map((a) => a.diagnostics),
      diagnostics.map((d) => [d]),
    );
  });

  it('prefers none of several suggested names: the person chooses', async () => {
    const { service, uri } = await scriptFixture(
      'python',
      'import motion\nmotion.data.object.skeleton.get_segment_child_idx(1)\n',
    );
    assert.deepEqual(
      service.codeActions(uri, service.diagnose(uri)).map((a) => [a.title, a.isPreferred]),
      [
        ['Change to "get_segment_child_id"', false],
        ['Change to "get_segment_child_ids"', false],
      ],
    );
  });

  it('offers nothing for a problem without a fix, or for diagnostics of others', async () => {
    assert.deepEqual(await fixes('python', 'import motion\nmotion.zzzzzzzz.get()\n'), []);
    const { service, uri } = await scriptFixture('python', 'import motion\nmotion.sttings\n');
    const [diagnostic] = service.diagnose(uri);
    assert.deepEqual(service.codeActions(uri, [{ ...diagnostic, source: 'pylance' }]), []);
  });
});
