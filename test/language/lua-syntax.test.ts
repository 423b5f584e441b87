import assert from 'node:assert/strict';
import { MAX_LITERAL_DEPTH, TOO_DEEP, UNKNOWN, type Span } from '../../server/language/service/script-model';
import { scriptReader } from '../support/script-reader';

/**
 * What the Lua reader makes of a statement, asked directly: the bindings, calls, chains and
 * strings the features are built on (see python-syntax.test.ts for why directly).
 */
const lua = () => scriptReader('lua');

const names = (chain: { segments: { name: string }[] }) => chain.segments.map((s) => s.name).join('.');

describe('the Lua reader', () => {
  it('knows `motion` before any statement, as the global table it is', async () => {
    const { syntax, done } = await lua();
    done();
    assert.deepEqual(syntax.defaultAliases('motion'), [['motion', 'motion']]);
  });

  it('binds each name of an assignment to its own value: a path, another name, or nothing known', async () => {
    const { syntax, root, done } = await lua();
    try {
      const bindings = (text: string) => syntax.aliases(root(text).namedChildren[0]!, 'motion');
      assert.deepEqual(bindings('local a, b, c = motion.gui.selection, sel, 3'), [
        { name: 'a', target: ['motion', 'gui', 'selection'], absolute: false },
        { name: 'b', target: ['sel'], absolute: false },
        { name: 'c', target: null, absolute: false },
      ]);
      assert.deepEqual(bindings('a, b = f()'), [
        { name: 'a', target: null, absolute: false },
        { name: 'b', target: null, absolute: false },
      ]);
      assert.deepEqual(bindings('t.x, t[1] = motion, motion'), [], 'fields of a table are no names');
    } finally {
      done();
    }
  });

  it('gives assignments in the order of the text, each name its own value, none past the values', async () => {
    const { syntax, root, done } = await lua();
    try {
      const found = syntax
        .assignments(root('local a, b = 1, 2\nfunction f()\n  c = 3\nend\na, t.x, d = 4\n'))
        .map((a) => [a.name, a.value?.text ?? null]);
      assert.deepEqual(found, [
        ['a', '1'],
        ['b', '2'],
        ['c', '3'],
        ['a', '4'],
        ['d', null],
      ]);
    } finally {
      done();
    }
  });

  it('finds each call once, with its arguments, however it is written', async () => {
    const { syntax, root, done } = await lua();
    try {
      const calls = syntax.calls(
        root('motion.gui.selection.select(1, -- c\n 2)(3)\nprint"x"\nf{1}\nobj:m(4)\n(g)(5)\nlocal x = h()\n'),
      );
      assert.deepEqual(
        calls.map((c) => [names(c.chain), c.argumentList.text, c.arguments.map((a) => a.node.text)]),
        [
          ['motion.gui.selection.select', '(1, -- c\n 2)', ['1', '2']],
          ['print', '"x"', ['"x"']],
          ['f', '{1}', ['{1}']],
          ['h', '()', []],
        ],
      );
      const call = root('x = f(1)').descendantsOfType('function_call')[0]!;
      assert.equal(syntax.callOf(call)?.arguments.length, 1);
      assert.equal(syntax.callOf(call.parent!), undefined, 'only a call is one');
    } finally {
      done();
    }
  });

  it('gives the chains of two names or more, the outermost only, not in error recovery', async () => {
    const { syntax, root, done } = await lua();
    try {
      const chains = (text: string) => syntax.chains(root(text)).map(names);
      assert.deepEqual(chains('local s = motion.gui.selection\ns.select(motion.settings)\n'), [
        'motion.gui.selection',
        's.select',
        'motion.settings',
      ]);
      const text = 'if then motion.settings end';
      assert.ok(!chains(text).includes('motion.settings'), 'in error recovery');
    } finally {
      done();
    }
  });

  it('reads the chain a name is part of, up to the name', async () => {
    const { syntax, root, done } = await lua();
    try {
      const text = 'motion.gui.selection.select()\n';
      const found = syntax.chainAt(root(text), text.indexOf('gui') + 1);
      assert.deepEqual(found && [names(found.chain), found.index], ['motion.gui.selection.select', 1]);
      assert.equal(syntax.chainAt(root(text), text.indexOf('(') + 1), undefined);
    } finally {
      done();
    }
  });

  it('places a string being typed: a key, an element, a field’s value by name or by string key', async () => {
    const { syntax, root, done } = await lua();
    try {
      const site = (text: string, marker: string) => {
        const found = syntax.stringAt(root(text), text.indexOf(marker) + 1);
        return found && { isKey: found.isKey, steps: found.steps, content: found.content };
      };
      assert.deepEqual(site('motion.gui.selection.select({{type = "bo"}})', '"bo'), {
        isKey: false,
        steps: [{ kind: 'element' }, { kind: 'field', name: 'type' }],
        content: 'bo',
      });
      assert.deepEqual(site('motion.gui.selection.select({{["type"] = "bo"}})', '"bo'), {
        isKey: false,
        steps: [{ kind: 'element' }, { kind: 'field', name: 'type' }],
        content: 'bo',
      });
      assert.deepEqual(site('motion.gui.selection.select({{["ty"] = 1}})', '"ty'), {
        isKey: true,
        steps: [{ kind: 'element' }],
        content: 'ty',
      });
      assert.deepEqual(site('motion.gui.selection.select({{[k] = "bo"}})', '"bo'), undefined, 'a key not known');
      assert.deepEqual(site('motion.gui.selection.select(("bo"))', '"bo'), {
        isKey: false,
        steps: [],
        content: 'bo',
      });
      assert.equal(site('x = "bo"', '"bo'), undefined, 'not in a call');
      assert.equal(site('motion.gui.selection.select("a" .. "bo")', '"bo'), undefined, 'not a value of its own');
    } finally {
      done();
    }
  });

  it('reads nil as null, a table’s nil fields as absent, and a key in brackets as the value it names', async () => {
    const { syntax, root, done } = await lua();
    try {
      const literal = (source: string) => {
        const value = root(`x = ${source}`).descendantsOfType('expression_list')[0]!.namedChildren[0]!;
        return syntax.literal(value, '', new Map());
      };
      assert.equal(literal('nil'), null);
      assert.deepEqual(literal('{a = 1, b = nil, ["c"] = -2}'), { a: 1, c: -2 });
      assert.deepEqual(literal('{(1), -(2)}'), [1, -2]);
      assert.equal(literal('{[k] = 1}'), UNKNOWN, 'the key is the value of the variable k');
    } finally {
      done();
    }
  });

  it('reads no assignment in code recovered from a syntax error', async () => {
    const { syntax, root, done } = await lua();
    try {
      assert.deepEqual(
        syntax.assignments(root('x = = 1\ny = 2')).map((a) => a.name),
        ['y'],
      );
    } finally {
      done();
    }
  });

  it('reads literals to the depth limit and not past it; not `~`, `not` or `#`; past a comment in parentheses; an escaped quote not closing', async () => {
    const { syntax, root, done } = await lua();
    try {
      const read = (source: string) => {
        const value = root(`x = ${source}`).descendantsOfType('expression_list')[0]!.namedChildren[0]!;
        const spans = new Map<string, Span>();
        return { value: syntax.literal(value, '', spans), tooDeep: spans.has(TOO_DEEP) };
      };
      const nested = (depth: number) => `${'{'.repeat(depth)}1${'}'.repeat(depth)}`;
      assert.deepEqual(read(nested(MAX_LITERAL_DEPTH)).tooDeep, false);
      assert.deepEqual(read(nested(MAX_LITERAL_DEPTH + 1)).tooDeep, true);
      // Lua's integers have no negative zero (property seed -1088840392 found `- 0` read as -0); a float's has.
      for (const integer of ['- 0', '-(0)', '- -0', '-0x0']) assert.ok(Object.is(read(integer).value, 0), integer);
      for (const float of ['-0.0', '-(0.0)', '-0e5']) assert.ok(Object.is(read(float).value, -0), float);
      assert.equal(read('~5').value, UNKNOWN);
      assert.equal(read('not 1').value, UNKNOWN);
      assert.equal(read('#"abc"').value, UNKNOWN);
      assert.equal(read('(--[[c]] 1)').value, 1);
      assert.equal(read('"\\"').value, '"', 'a string being typed: its quote is escaped');
    } finally {
      done();
    }
  });
});
