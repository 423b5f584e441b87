import assert from 'node:assert/strict';
import { cursorAt } from '../support/cursor-marker';
import fc from 'fast-check';
import type { Node } from 'web-tree-sitter';
import { loadScriptParsers, type ScriptLanguageId } from '../../server/language/service/script-parsers';
import type { Span } from '../../server/language/service/script-model';
import { errorRecoveryTest, pathDown, quotedSpansIn } from '../../server/language/service/syntax/tree-queries';
import { propertyRuns } from '../support/property-runs';

// The tree queries walk down with a cursor instead of climbing with Node.parent (which costs the
// square of the depth). These properties hold the walk to what tree-sitter itself answers, on
// scripts made of the pieces that trip parsers: unclosed brackets, strings and comments.
const pieces = fc.constantFrom(
  ...['motion', '.', 'gui', 'x', '=', '1', ',', ' ', '\n', '    ', '(', ')', '[', ']', '{', '}', ':'],
  ...['"', "'", '"""', '#', '--', '--[[', '[[', ']]', 'f"{', '\\', 'def f', 'local ', 'end', 'if ', 'then'],
);
const script = fc.array(pieces, { maxLength: 40 }).map((p) => p.join(''));

describe('tree queries walk down the way tree-sitter finds nodes', () => {
  for (const languageId of ['python', 'lua'] as const satisfies ScriptLanguageId[]) {
    it(`${languageId}: the path down to any range ends at descendantForIndex's node`, async () => {
      const parsers = await loadScriptParsers();
      const parser = parsers.createParser(languageId);
      try {
        fc.assert(
          fc.property(script, (text) => {
            const tree = parser.parse(text)!;
            try {
              for (let offset = 0; offset <= text.length; offset++) {
                for (const [start, end] of [
                  [Math.max(0, offset - 1), offset],
                  [offset, offset],
                ]) {
                  const path = pathDown(tree.rootNode, start, end);
                  const found = tree.rootNode.descendantForIndex(start, end)!;
                  assert.equal(path[path.length - 1].id, found.id, `range ${start}-${end} of ${JSON.stringify(text)}`);
                  for (let i = 1; i < path.length; i++) assert.equal(path[i].parent?.id, path[i - 1].id);
                }
              }
            } finally {
              tree.delete();
            }
          }),
          propertyRuns(`${languageId}: path down`, 200),
        );
      } finally {
        parser.delete();
      }
    });

    it(`${languageId}: code recovered from a syntax error is what lies in an ERROR node, from any subtree`, async () => {
      const parsers = await loadScriptParsers();
      const parser = parsers.createParser(languageId);
      const nodes = (root: Node): Node[] => [
        root,
        ...root.children.filter((c): c is Node => c !== null).flatMap(nodes),
      ];
      // The climb the test is built to avoid: the node, or a node it is in, is an error.
      const recovered = (node: Node): boolean => {
        if (node.hasError) return true;
        for (let n: Node | null = node.parent; n; n = n.parent) if (n.type === 'ERROR') return true;
        return false;
      };
      try {
        fc.assert(
          fc.property(script, (text) => {
            const tree = parser.parse(text)!;
            try {
              for (const root of nodes(tree.rootNode).filter((n) => n.childCount > 0)) {
                const test = errorRecoveryTest(root);
                for (const node of nodes(root))
                  assert.equal(
                    test(node),
                    recovered(node),
                    `${node.type} at ${node.startIndex}-${node.endIndex} under ${root.type} of ${JSON.stringify(text)}`,
                  );
              }
            } finally {
              tree.delete();
            }
          }),
          propertyRuns(`${languageId}: error recovery`, 100),
        );
      } finally {
        parser.delete();
      }
    });

    it(`${languageId}: the quoted spans of a stretch say what inCommentOrString says at each offset`, async () => {
      const parsers = await loadScriptParsers();
      const syntax = parsers.syntax(languageId);
      const parser = parsers.createParser(languageId);
      try {
        fc.assert(
          fc.property(script, fc.nat(), fc.nat(), (text, a, b) => {
            const tree = parser.parse(text)!;
            try {
              const [from, to] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y);
              const spans = quotedSpansIn(tree.rootNode, from, to, (node) => syntax.quoted(node));
              // Those of the comments and strings that meet the stretch, and no others (none nested).
              const expected: Span[] = [];
              const visit = (node: Node): void => {
                if (node.endIndex < from || node.startIndex > to) return;
                const span = node.type === 'comment' || node.type === 'string' ? syntax.quoted(node) : undefined;
                if (span) expected.push(span);
                else for (const child of node.children) if (child) visit(child);
              };
              visit(tree.rootNode);
              assert.deepEqual(spans, expected, `${from}-${to} of ${JSON.stringify(text)}`);
              for (let offset = from; offset <= to; offset++) {
                // Nested quotes (a string inside an f-string) answer for the outer one, as a stretch does.
                if (spans.filter((s) => s.start < offset && offset <= s.end).length > 1) continue;
                assert.equal(
                  spans.some((s) => s.start < offset && offset <= s.end),
                  syntax.inCommentOrString(tree.rootNode, offset),
                  `offset ${offset} of ${JSON.stringify(text)}`,
                );
              }
            } finally {
              tree.delete();
            }
          }),
          propertyRuns(`${languageId}: quoted spans`, 200),
        );
      } finally {
        parser.delete();
      }
    });
  }

  it('decides an empty (missing) node at the range the way tree-sitter does (seed 596731595)', async () => {
    // Python's recovery inserts a missing identifier between the two commas of `motion,,"`: an
    // empty node at offset 7, followed by the comma at 7-8. Tree-sitter finds the comma.
    const parsers = await loadScriptParsers();
    const parser = parsers.createParser('python');
    const tree = parser.parse('motion,,"')!;
    try {
      const path = pathDown(tree.rootNode, 7, 7);
      const last = path[path.length - 1];
      assert.deepEqual([last.type, last.startIndex, last.endIndex], [',', 7, 8]);
      assert.deepEqual(
        path.map((n) => n.type),
        ['module', 'ERROR', ','],
      );
    } finally {
      tree.delete();
      parser.delete();
    }
  });

  it('an empty node at an error’s edge is in it only when its parents say so (seed -1032229574)', async () => {
    // Lua's `--` before an error has an empty comment content at 2-2, where the ERROR starts: the
    // ranges say it could be in it, its parents say it is not.
    const parsers = await loadScriptParsers();
    const parser = parsers.createParser('lua');
    const tree = parser.parse('--\n=end:')!;
    try {
      const content = tree.rootNode.descendantsOfType('comment_content')[0]!;
      const error = tree.rootNode.descendantsOfType('ERROR')[0]!;
      assert.deepEqual([content.startIndex, content.endIndex, error.startIndex], [2, 2, 2]);
      assert.equal(errorRecoveryTest(tree.rootNode)(content), false);
      assert.equal(errorRecoveryTest(tree.rootNode)(error.child(0)!), true);
    } finally {
      tree.delete();
    }
    // And one in a comment inside the error: in it.
    const inside = parser.parse(']]--\n:x')!;
    try {
      const content = inside.rootNode.descendantsOfType('comment_content')[0]!;
      assert.deepEqual([content.startIndex, content.endIndex, content.parent?.parent?.type], [4, 4, 'ERROR']);
      assert.equal(errorRecoveryTest(inside.rootNode)(content), true);
    } finally {
      inside.delete();
      parser.delete();
    }
  });
});

describe('where a comment or string is', () => {
  it('holds an offset from after its opening to its closing quote, a comment to its line’s end', async () => {
    const parsers = await loadScriptParsers();
    // Each mark is an offset, followed by whether it is inside: + or -.
    const cases = {
      python: 'x =-| "+|ab+|"-| + y  #+|c+|\n-|z = """+|a\n+|"""-|',
      lua: 'x =-| "+|ab+|"-| .. y  --+|c+|\n-|z = [[+|a\n+|]]-| --[[+|\n+|]]-| --[==[+|x+|]==]-|',
    };
    for (const languageId of ['python', 'lua'] as const) {
      const marked = cases[languageId];
      const text = marked.replace(/[+-]\|/g, '');
      const expected: [number, boolean][] = [];
      for (let i = 0, offset = 0; i < marked.length; i++) {
        if (marked[i + 1] === '|' && (marked[i] === '+' || marked[i] === '-')) {
          expected.push([offset, marked[i] === '+']);
          i++;
        } else offset++;
      }
      const parser = parsers.createParser(languageId);
      const tree = parser.parse(text)!;
      try {
        const syntax = parsers.syntax(languageId);
        assert.deepEqual(
          expected.map(([offset]) => [offset, syntax.inCommentOrString(tree.rootNode, offset)]),
          expected,
          languageId,
        );
        if (languageId === 'lua') {
          // Seed -1211579337: in a string not closed yet the parser found a comment, closed before
          // the end; the string, around it, decides.
          const open = parser.parse('"--[[]]')!;
          assert.equal(syntax.inCommentOrString(open.rootNode, 6), true);
          open.delete();
        }
      } finally {
        tree.delete();
        parser.delete();
      }
    }
  });
});

describe('the call around an offset', () => {
  it('holds the offset from after its opening bracket to before its closing one, or its end while `)` is missing', async () => {
    const parsers = await loadScriptParsers();
    const callee = (languageId: ScriptLanguageId, marked: string) => {
      const { text, offset } = cursorAt(marked);
      const parser = parsers.createParser(languageId);
      const tree = parser.parse(text)!;
      try {
        return parsers
          .syntax(languageId)
          .callAt(tree.rootNode, offset)
          ?.chain.segments.map((s) => s.name)
          .join('.');
      } finally {
        tree.delete();
        parser.delete();
      }
    };
    // Python parses `if f(x:` as a call whose `)` is missing, empty, before the colon.
    assert.equal(callee('python', 'if f(x|:\n    pass'), 'f');
    assert.equal(callee('python', 'if f(x|):\n    pass'), 'f');
    assert.equal(callee('python', 'if f(x)|:\n    pass'), undefined);
    assert.equal(callee('python', 'f|(x)'), undefined);
    assert.equal(callee('python', 'f(|x)'), 'f');
    assert.equal(callee('python', 'f(g(x|))'), 'g');
    assert.equal(callee('python', 'f(g(x)|)'), 'f');
    assert.equal(callee('lua', 'f{|}'), 'f');
    assert.equal(callee('lua', 'f{}|'), undefined);
    assert.equal(callee('lua', 'f(g"x|")'), 'g');
    assert.equal(callee('lua', 'f(g"x"|)'), 'f');
  });
});
