import assert from 'node:assert/strict';
import type { Node } from 'web-tree-sitter';
import { scriptReader } from '../support/script-reader';
import { UNKNOWN } from '../../server/language/service/script-model';

/**
 * What the Python reader makes of a statement, asked directly: the bindings, calls, chains and
 * strings the features are built on. (The features' own tests see these through their answers,
 * where a wrong binding of a name nobody uses, or a call found twice, can hide.)
 */
async function python() {
  const reader = await scriptReader('python');
  return { ...reader, statement: (text: string): Node => reader.root(text).namedChildren[0]! };
}

describe('the Python reader', () => {
  it('binds what imports name: the package alone, an alias of a path in it, nothing for another package', async () => {
    const { syntax, statement, done } = await python();
    try {
      const bindings = (text: string) => syntax.aliases(statement(text), 'motion');
      assert.deepEqual(bindings('import motion . gui'), [{ name: 'motion', target: ['motion'], absolute: true }]);
      assert.deepEqual(bindings('import motion.gui.selection as sel'), [
        { name: 'sel', target: ['motion', 'gui', 'selection'], absolute: true },
      ]);
      assert.deepEqual(bindings('import os.path as motion'), [{ name: 'motion', target: null, absolute: true }]);
      assert.deepEqual(bindings('from motion.gui import selection as s, selection'), [
        { name: 's', target: ['motion', 'gui', 'selection'], absolute: true },
        { name: 'selection', target: ['motion', 'gui', 'selection'], absolute: true },
      ]);
    } finally {
      done();
    }
  });

  it('unbinds only the names an unpacking or a loop assigns, never those inside a target’s attribute, index or key', async () => {
    const { syntax, statement, done } = await python();
    try {
      const bindings = (text: string) => syntax.aliases(statement(text), 'motion');
      assert.deepEqual(bindings('a, b.c, d[e] = 1, 2, 3'), [{ name: 'a', target: null, absolute: false }]);
      assert.deepEqual(bindings('[a, *rest] = x'), [
        { name: 'a', target: null, absolute: false },
        { name: 'rest', target: null, absolute: false },
      ]);
      assert.deepEqual(bindings('x[sk + 1] = 2'), [], 'an assignment to an item binds no name');
      assert.deepEqual(bindings('x.y = sk'), []);
      assert.deepEqual(bindings('sk = motion.gui.selection'), [
        { name: 'sk', target: ['motion', 'gui', 'selection'], absolute: false },
      ]);
    } finally {
      done();
    }
  });

  it('gives assignments in the order of the text, the last value of a chain, none for an augmented one', async () => {
    const { syntax, root, done } = await python();
    try {
      const found = syntax
        .assignments(root('b = 1\na = b = 2\nfor a in x:\n    c = 3\nb += 1\n'))
        .map((a) => [a.name, a.value?.text ?? null]);
      assert.deepEqual(found, [
        ['b', '1'],
        ['a', '2'],
        ['b', '2'],
        ['a', null],
        ['c', '3'],
        ['b', null],
      ]);
    } finally {
      done();
    }
  });

  it('finds each call once, a call of a call’s result too, and a generator as the one argument', async () => {
    const { syntax, root, done } = await python();
    try {
      const calls = syntax.calls(
        root('motion.gui.selection.select(1)(2)\nmotion.gui.selection.select(x for x in y)\n'),
      );
      assert.deepEqual(
        calls.map((c) => [
          c.chain.segments.map((s) => s.name).join('.'),
          c.argumentList.text,
          c.arguments.map((a) => a.node.type),
        ]),
        [
          ['motion.gui.selection.select', '(1)', ['integer']],
          ['motion.gui.selection.select', '(x for x in y)', ['generator_expression']],
        ],
      );
    } finally {
      done();
    }
  });

  it('gives an import its chains: each imported path, the module itself only for `import *`', async () => {
    const { syntax, root, done } = await python();
    try {
      const chains = (text: string) => syntax.chains(root(text)).map((c) => c.segments.map((s) => s.name).join('.'));
      assert.deepEqual(chains('from motion.gui import selection, nothing as n\n'), [
        'motion.gui.selection',
        'motion.gui.nothing',
      ]);
      assert.deepEqual(chains('from motion.gui import *\n'), ['motion.gui']);
      assert.deepEqual(chains('import motion.gui.selection as s, motion.settings\n'), [
        'motion.gui.selection',
        'motion.settings',
      ]);
    } finally {
      done();
    }
  });

  it('reads a name of `from … import … as …` as the path it imports', async () => {
    const { syntax, root, done } = await python();
    try {
      const text = 'from motion.gui import selection as s\n';
      const found = syntax.chainAt(root(text), text.indexOf('selection') + 1);
      assert.deepEqual(
        found && { names: found.chain.segments.map((s) => s.name), index: found.index, absolute: found.chain.absolute },
        { names: ['motion', 'gui', 'selection'], index: 2, absolute: true },
      );
    } finally {
      done();
    }
  });

  it('offers keys in `{"|"}`, which Python reads as a set: the editor closed the quote and the brace', async () => {
    const { syntax, root, done } = await python();
    try {
      const text = 'motion.gui.selection.select([{""}])\n';
      const site = syntax.stringAt(root(text), text.indexOf('""') + 1);
      assert.deepEqual(site && { isKey: site.isKey, steps: site.steps, index: site.argumentIndex }, {
        isKey: true,
        steps: [{ kind: 'element' }],
        index: 0,
      });
      const bytes = 'motion.gui.selection.select([{b""}])\n';
      assert.equal(syntax.stringAt(root(bytes), bytes.indexOf('""') + 1), undefined, 'not in bytes');
    } finally {
      done();
    }
  });

  it('reads None as null, a comment between joined strings as nothing, a lone CR in a string as a line end', async () => {
    const { syntax, root, done } = await python();
    try {
      const literal = (source: string) => {
        const value = root(`x = ${source}\n`).descendantsOfType('assignment')[0]!.childForFieldName('right')!;
        return syntax.literal(value, '', new Map());
      };
      assert.equal(literal('None'), null);
      assert.deepEqual(literal('[None, -1]'), [null, -1]);
      assert.equal(literal('("a"  # one\n "b")'), 'ab');
      assert.equal(literal('"""a\rb"""'), 'a\nb');
      assert.equal(literal('-None'), UNKNOWN);
      assert.equal(literal('"\\a\\b\\f\\n\\r\\t\\v\\\\\\\'\\""'), '\x07\b\f\n\r\t\v\\\'"');
      assert.equal(literal('"\\U00110000"'), UNKNOWN, 'past Unicode: not Python');
    } finally {
      done();
    }
  });

  it('reads a string not closed yet to its end', async () => {
    const { syntax, root, done } = await python();
    try {
      // Tree-sitter ends this one at the end of the text, with an empty closing quote.
      const argument = root('f("abc\\)').descendantsOfType('string')[0]!;
      assert.equal(argument.text, '"abc\\');
      assert.equal(syntax.literal(argument, '', new Map()), 'abc\\');
    } finally {
      done();
    }
  });
});
