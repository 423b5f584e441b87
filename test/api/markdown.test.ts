import assert from 'node:assert/strict';
import type { MethodDocumentation, ModuleDocumentation } from '../../src/api/docs/documentation-shapes';
import { methodMarkdown, moduleMarkdown, packageMarkdown } from '../../src/api/docs/markdown';

/** The whole rendered text, line by line: hover, the documentation view and `motion docs` all show it. */
describe('documentation as Markdown', () => {
  const full: MethodDocumentation = {
    name: 'set_skeleton_scale',
    brief: 'Sets the scale of a skeleton.',
    details: 'The scale multiplies every segment translation.',
    parameters: [
      { name: 'source', type: '"project"|"measurement"', description: 'Which settings.' },
      { name: 'skeleton_id', type: 'integer', description: '' },
    ],
    return_value: { type: 'float', description: 'The scale before.' },
  };

  it('renders a method: signature, brief, details, parameters, return value', () => {
    assert.equal(
      methodMarkdown('motion.settings.processing.skeleton', full),
      [
        '```',
        'motion.settings.processing.skeleton.set_skeleton_scale(source: "project"|"measurement", skeleton_id: integer) -> float',
        '```',
        '',
        'Sets the scale of a skeleton.',
        '',
        'The scale multiplies every segment translation.',
        '',
        '**Parameters**',
        '',
        '- `source` `"project"|"measurement"` — Which settings.',
        '- `skeleton_id` `integer`',
        '',
        '**Returns** `float` — The scale before.',
      ].join('\n'),
    );
  });

  it('leaves out what a method does not have', () => {
    const bare: MethodDocumentation = {
      name: 'clear',
      brief: 'Clears.',
      details: '',
      parameters: [],
      return_value: null,
    };
    assert.equal(
      methodMarkdown('motion.gui.selection', bare),
      '```\nmotion.gui.selection.clear()\n```\n\nClears.\n\n**Returns** nothing.',
    );
    const undescribed = { ...bare, return_value: { type: 'integer', description: '' } };
    assert.equal(methodMarkdown('m', undescribed).split('\n').pop(), '**Returns** `integer`');
  });

  const module: ModuleDocumentation = {
    path: 'motion.gui.selection',
    brief: 'The selection.',
    details: 'Selections | what is picked.',
    methods: [
      { ...full, name: 'select', brief: 'Selects a | b\nand more.' },
      { ...full, name: 'clear', brief: 'Clears.' },
    ],
  };

  it('renders a module with a table of its methods, cells escaped', () => {
    assert.equal(
      moduleMarkdown(module),
      [
        '### motion.gui.selection',
        '',
        'The selection.',
        '',
        'Selections | what is picked.',
        '',
        '| Method | |',
        '|---|---|',
        '| `select` | Selects a \\| b and more. |',
        '| `clear` | Clears. |',
      ].join('\n'),
    );
  });

  it('renders a module without details or methods as its title and brief only', () => {
    assert.equal(moduleMarkdown({ ...module, details: '', methods: [] }), '### motion.gui.selection\n\nThe selection.');
  });

  it('renders the package as a table of its modules', () => {
    assert.equal(
      packageMarkdown({ name: 'motion', modules: [module, { ...module, path: 'motion.bones', brief: 'a|b' }] }),
      [
        '## Package `motion`',
        '',
        '| Module | |',
        '|---|---|',
        '| `motion.gui.selection` | The selection. |',
        '| `motion.bones` | a\\|b |',
      ].join('\n'),
    );
  });
});
