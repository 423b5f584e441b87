import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InsertTextFormat, CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import { labels, scriptFixture } from '../support/script-fixture';

const ROOT = join(__dirname, '..', '..');
const PREFIXES = ['motion-skeletons', 'motion-segments', 'motion-select-markers'];

async function items(languageId: 'python' | 'lua', marked: string): Promise<CompletionItem[]> {
  const { service, uri, position } = await scriptFixture(languageId, marked);
  return service.complete(uri, position).items;
}

/** The labels of the snippets among the items (none of the interface's names starts with `motion-`). */
const snippetLabels = async (languageId: 'python' | 'lua', marked: string) =>
  (await labels(languageId, marked)).filter((label) => label.startsWith('motion-'));

describe("Motion's snippets, offered by the language server where a statement starts", () => {
  for (const languageId of ['python', 'lua'] as const) {
    it(`${languageId}: on a line of its own, what was typed of the prefix is replaced by the snippet`, async () => {
      const found = await items(languageId, 'x = 1\n  motion-se|\n');
      assert.deepEqual(
        found.map((i) => i.label),
        PREFIXES,
      );
      for (const item of found) {
        assert.equal(item.kind, CompletionItemKind.Snippet);
        assert.equal(item.insertTextFormat, InsertTextFormat.Snippet);
        assert.equal(item.filterText, item.label);
        assert.deepEqual((item.textEdit as { range: unknown }).range, {
          start: { line: 1, character: 2 },
          end: { line: 1, character: 11 },
        });
      }
      const segments = found.find((i) => i.label === 'motion-segments')!;
      assert.equal(segments.detail, 'Motion: segments depth first');
      const files = JSON.parse(readFileSync(join(ROOT, 'snippets', `${languageId}.json`), 'utf8')) as Record<
        string,
        { body: string[] }
      >;
      assert.equal(segments.textEdit!.newText, files['Motion: segments depth first'].body.join('\n'));
      assert.match(segments.textEdit!.newText, /\$\{1\|project,measurement\|\}/);
      // After the names of the code, which sort by their letters.
      for (const item of found) assert.ok(item.sortText! > 'zzzz', item.sortText);
    });
  }

  it('on an empty line too (asked for with Ctrl+Space)', async () => {
    assert.deepEqual(await snippetLabels('python', 'import motion\n\n|'), PREFIXES);
    for (const item of await items('python', 'import motion\n  |'))
      assert.deepEqual((item.textEdit as { range: unknown }).range, {
        start: { line: 1, character: 2 },
        end: { line: 1, character: 2 },
      });
    assert.deepEqual(await snippetLabels('lua', '    |'), PREFIXES);
  });

  it('show the code as inserted, each placeholder at its default', async () => {
    const found = await items('python', 'motion|');
    const documentation = (found.find((i) => i.label === 'motion-segments')!.documentation as { value: string }).value;
    assert.ok(documentation.startsWith("Walk a skeleton's segments from the root, children in order\n\n```python\n"));
    assert.match(documentation, /^walk\("project", skeleton\.get_skeleton_root_id\("project", skeleton_id\)\)$/m);
    assert.match(documentation, /^ {4}print\(" {2}" \* depth \+ name\)$/m);
    assert.doesNotMatch(documentation, /\$/);
  });

  it('never after `import`, in an expression, after a dot, in a comment or in a string', async () => {
    for (const marked of [
      'import motion|',
      'import moti|',
      'from motion.gui import selection as motion|',
      'x = motion|',
      'print(motion|',
      'motion.|',
      'motion.settings|',
      '# motion|',
      '"""\nmotion|\n"""',
      "s = '''\n  motion|\n'''",
    ])
      assert.deepEqual(await snippetLabels('python', marked), [], marked);
    for (const marked of ['local m = motion|', '-- motion|', '--[[\nmotion|\n]]', 'motion.|'])
      assert.deepEqual(await snippetLabels('lua', marked), [], marked);
  });
});
