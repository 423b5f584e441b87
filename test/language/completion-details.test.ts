import assert from 'node:assert/strict';
import { DocumentationIndex } from '../../src/api/docs/documentation-index';
import { MAX_COMPLETION_ITEMS } from '../../server/language/service/completion';
import { createMotionLanguageService } from '../../server/language/service/language-service';
import { loadScriptParsers } from '../../server/language/service/script-parsers';
import { labels, scriptFixture } from '../support/script-fixture';

async function items(languageId: 'python' | 'lua', marked: string) {
  const { service, uri, position } = await scriptFixture(languageId, marked);
  return service.complete(uri, position);
}

const SK = 'from motion.settings.processing import skeleton\n';

describe('completion items in detail', () => {
  it('tells modules from operations: kind, detail, and ( to accept an operation', async () => {
    const paths = await items('python', 'import motion\nmotion.|');
    const settings = paths.items.find((i) => i.label === 'settings')!;
    assert.deepEqual([settings.kind, settings.detail, settings.commitCharacters], [9, 'motion.settings', undefined]);
    const module = (await items('python', 'import motion\nmotion.gui.|')).items.find((i) => i.label === 'selection')!;
    assert.deepEqual([module.kind, module.detail], [9, 'motion.gui.selection']);
    const operation = (await items('python', 'import motion\nmotion.gui.selection.|')).items.find(
      (i) => i.label === 'get_selection_count',
    )!;
    assert.equal(operation.kind, 2);
    assert.deepEqual(operation.commitCharacters, ['(']);
    assert.match(operation.detail!, /^get_selection_count\(/);
  });

  it('says whose field or key each key item is', async () => {
    const fields = await items('python', 'import motion\nmotion.gui.selection.set_selections([{"|');
    assert.deepEqual(
      fields.items.map((i) => i.detail),
      ['selections field', 'selections field', 'selections field'],
    );
    const keys = await items('python', `${SK}skeleton.set_segment_degrees_of_freedom("project", 3, {"|": {}})`);
    assert.ok(keys.items.length === 6 && keys.items.every((i) => i.detail === 'degrees_of_freedom key'));
  });

  it('is complete when there is nothing to offer, and when no application could tell the names', async () => {
    assert.deepEqual(await items('python', 'import motion\nx = 1|'), { isIncomplete: false, items: [] });
    assert.deepEqual(await items('python', 'import motion\nx = ("|'), { isIncomplete: false, items: [] });
    assert.deepEqual(
      await items('python', `${SK}skeleton.find_skeleton("project", "|")`),
      { isIncomplete: false, items: [] },
      'the language service has no live names: none will come',
    );
  });

  it('offers no keys for a map keyed by any string, as the application may document one', async () => {
    const index = DocumentationIndex.fromPackage(
      {
        name: 'motion',
        modules: [
          {
            path: 'motion.tags',
            brief: 'Tags.',
            details: '',
            methods: [
              {
                name: 'tag',
                brief: 'Tags markers.',
                details: '',
                parameters: [{ name: 'counts', type: '{string: integer}', description: 'counts by marker' }],
                return_value: null,
              },
            ],
          },
        ],
      },
      { kind: 'bundled' } as never,
    );
    const service = createMotionLanguageService({ parsers: await loadScriptParsers(), documentation: () => index });
    const text = 'import motion\nmotion.tags.tag({"": 1})';
    service.documents.open('file:///tags.py', 'python', 1, text);
    const keys = service.complete('file:///tags.py', { line: 1, character: text.split('\n')[1].indexOf('""') + 1 });
    assert.deepEqual(keys, { isIncomplete: false, items: [] });
  });

  it('offers method names to help() for its topic only, not inside a list', async () => {
    const topic = await labels('python', 'import motion.gui.selection as sel\nsel.help("|")');
    assert.ok(topic.includes('get_selection_count'));
    assert.deepEqual(await labels('python', 'import motion.gui.selection as sel\nsel.help(["|"])'), []);
  });
});

describe('completion with a very large documentation module', () => {
  async function largeService() {
    const methods = Array.from({ length: 50_000 }, (_, i) => ({
      name: `op_${String(i).padStart(5, '0')}`,
      brief: `Operation ${i}.`,
      details: 'x'.repeat(200),
      parameters: [{ name: 'value', type: 'integer', description: 'a value' }],
      return_value: null,
    }));
    const index = DocumentationIndex.fromPackage(
      { name: 'motion', modules: [{ path: 'motion.huge', brief: 'Huge.', details: '', methods }] },
      { kind: 'bundled' } as never,
    );
    return createMotionLanguageService({ parsers: await loadScriptParsers(), documentation: () => index });
  }

  it('matches the letters typed in order, in any case, and caps the answer', async () => {
    const service = await largeService();
    const complete = (typed: string) => {
      const text = `import motion\nmotion.huge.${typed}`;
      service.documents.open('file:///huge.py', 'python', 1, text);
      return service.complete('file:///huge.py', { line: 1, character: text.split('\n')[1].length });
    };
    const upper = complete('OP_4999');
    assert.deepEqual(
      upper.items.slice(0, 10).map((i) => i.label),
      Array.from({ length: 10 }, (_, i) => `op_4999${i}`),
    );
    const spread = complete('op4999');
    assert.ok(spread.items.length > 0, 'op_04999 has o, p, 4, 9, 9, 9 in order');
    assert.ok(spread.items.every((i) => /^op_\d*4\d*9\d*9\d*9\d*$/.test(String(i.label))));
    assert.equal(complete('p_49').items.length, MAX_COMPLETION_ITEMS, 'more fit than are sent');
    assert.deepEqual(complete('op_x').items, []);
  });

  it('stays small whatever the documentation’s size: filtered by what was typed, capped, incomplete, documentation on resolve', async () => {
    const service = await largeService();
    const text = 'import motion\nmotion.huge.op_4999';
    service.documents.open('file:///huge.py', 'python', 1, text);
    const list = service.complete('file:///huge.py', { line: 1, character: text.split('\n')[1].length });
    assert.equal(list.isIncomplete, true, 'the editor asks again as the user types');
    assert.ok(list.items.length <= MAX_COMPLETION_ITEMS && list.items.length > 0);
    assert.deepEqual(
      list.items.slice(0, 10).map((i) => i.label),
      Array.from({ length: 10 }, (_, i) => `op_4999${i}`),
      'what starts with the typed text comes first',
    );
    assert.ok(
      list.items.every((i) => /4.*9.*9.*9/.test(String(i.label))),
      'every item fits what was typed',
    );
    assert.ok(JSON.stringify(list).length < 100_000, `the answer is small: ${JSON.stringify(list).length} bytes`);
    assert.equal(list.items[0].documentation, undefined);
    const resolved = service.resolveCompletion(list.items[0]);
    assert.match((resolved.documentation as { value: string }).value, /Operation 49990\./);
    const small = await scriptFixture('python', 'import motion\nmotion.gui.selection.|');
    assert.equal(
      small.service.complete(small.uri, small.position).isIncomplete,
      false,
      'small lists are complete, with documentation inline',
    );
  });
});
