import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, parseRawGrammar, Registry, type IGrammar } from 'vscode-textmate';

/**
 * Scope tests for the injection grammar, inside the real Python and Lua TextMate grammars (from
 * tm-grammars), tokenized by vscode-textmate and oniguruma as VS Code does. Each case marks a token
 * with ^ under it and names a scope it must (or must not, with !) have.
 */
const root = join(__dirname, '../..');
let registry: Registry;

async function grammar(scope: 'source.python' | 'source.lua'): Promise<IGrammar> {
  if (!registry) {
    await oniguruma.loadWASM(readFileSync(join(root, 'node_modules/vscode-oniguruma/release/onig.wasm')).buffer);
    registry = new Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (p) => new oniguruma.OnigScanner(p),
        createOnigString: (s) => new oniguruma.OnigString(s),
      }),
      loadGrammar: async (name) => {
        const file =
          name === 'motion.injection'
            ? join(root, 'syntaxes/motion.injection.tmLanguage.json')
            : join(root, `node_modules/tm-grammars/grammars/${name === 'source.python' ? 'python' : 'lua'}.json`);
        return parseRawGrammar(readFileSync(file, 'utf8'), file);
      },
      getInjections: (scope) =>
        scope === 'source.python' || scope === 'source.lua' ? ['motion.injection'] : undefined,
    });
  }
  return (await registry.loadGrammar(scope))!;
}

/** The scopes of the token at a column of a line (lines tokenized in order, as an editor does). */
async function scopesAt(
  scope: 'source.python' | 'source.lua',
  lines: string[],
  line: number,
  column: number,
): Promise<string[]> {
  const g = await grammar(scope);
  let state = INITIAL;
  for (let i = 0; i < lines.length; i++) {
    const result = g.tokenizeLine(lines[i], state);
    if (i === line) return result.tokens.find((t) => t.startIndex <= column && column < t.endIndex)?.scopes ?? [];
    state = result.ruleStack;
  }
  return [];
}

function check(
  scope: 'source.python' | 'source.lua',
  lines: string[],
  assertions: [line: number, word: string, scope: string, present?: boolean][],
) {
  return async () => {
    for (const [line, word, expected, present = true] of assertions) {
      const column = lines[line].indexOf(word);
      assert.ok(column >= 0, `${word} on line ${line}`);
      const scopes = await scopesAt(scope, lines, line, column);
      assert.equal(
        scopes.includes(expected),
        present,
        `${JSON.stringify(lines[line])} at "${word}": ${scopes.join(' ')}`,
      );
    }
  };
}

describe('motion injection grammar', () => {
  it(
    'highlights motion calls in Python',
    check(
      'source.python',
      ['import motion', 'n = motion.settings.processing.skeleton.add_skeleton("project", "Bob")'],
      [
        [1, 'motion', 'support.module.motion.package'],
        [1, 'settings', 'support.module.motion.module'],
        [1, 'skeleton.', 'support.module.motion.module'],
        [1, 'add_skeleton', 'support.function.motion.operation'],
        [1, 'add_skeleton', 'source.python'],
        [1, '"project"', 'support.module.motion.module', false],
      ],
    ),
  );

  it(
    'highlights module paths that are not called',
    check(
      'source.python',
      ['sel = motion.gui.selection'],
      [
        [0, 'motion', 'support.module.motion.package'],
        [0, 'selection', 'support.module.motion.module'],
      ],
    ),
  );

  it(
    'leaves strings and comments alone in Python',
    check(
      'source.python',
      [
        '# motion.gui.selection.select()',
        'x = "motion.gui.selection.select()"',
        "y = '''",
        'motion.gui.select()',
        "'''",
      ],
      [
        [0, 'motion', 'support.module.motion.package', false],
        [0, 'motion', 'comment.line.number-sign.python'],
        [1, 'motion', 'support.module.motion.package', false],
        [3, 'motion', 'support.module.motion.package', false],
      ],
    ),
  );

  it(
    'leaves other names alone',
    check(
      'source.python',
      ['emotion.gui.select()', 'motions.x()'],
      [
        [0, 'emotion', 'support.module.motion.package', false],
        [0, 'select', 'support.function.motion.operation', false],
        [1, 'motions', 'support.module.motion.package', false],
      ],
    ),
  );

  it(
    'highlights motion calls in Lua, not in its strings and comments',
    check(
      'source.lua',
      [
        'local id = motion.settings.processing.skeleton.add_skeleton("project", "Bob")',
        '-- motion.gui.selection.select({})',
        's = "motion.gui"',
        '--[[',
        'motion.gui.selection.select()',
        ']]',
      ],
      [
        [0, 'motion', 'support.module.motion.package'],
        [0, 'processing', 'support.module.motion.module'],
        [0, 'add_skeleton', 'support.function.motion.operation'],
        [1, 'motion', 'support.module.motion.package', false],
        [2, 'motion', 'support.module.motion.package', false],
        [4, 'motion', 'support.module.motion.package', false],
      ],
    ),
  );
});
