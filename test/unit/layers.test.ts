import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { pathToFileURL } from 'node:url';

const ROOT = join(__dirname, '../..');

/** Lints one import as if written in a file at `path`, with the project's layer rules only (no type information needed). */
async function breaches(path: string, line: string): Promise<string[]> {
  const { layers } = (await import(pathToFileURL(join(ROOT, 'eslint-layers.mjs')).href)) as {
    layers: ESLint.Options['overrideConfig'][];
  };
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...(layers as never[])],
  });
  const [result] = await eslint.lintText(`${line}\n`, { filePath: join(ROOT, path) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layers: which room may import which, enforced by npm run lint', function () {
  this.timeout(30_000);

  it('the lint configuration holds the layer rules for every room', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of [
      'src/api/catalogue/index.ts',
      'src/runner/lua-session.ts',
      'server/language/service/completion.ts',
    ]) {
      const config = (await eslint.calculateConfigForFile(join(ROOT, file))) as { rules: Record<string, unknown> };
      assert.ok(config.rules['no-restricted-imports'], `${file} is checked`);
    }
  });

  const refused: [string, string, RegExp][] = [
    ['src/api/client/x.ts', "import * as vscode from 'vscode';", /src\/api is the bottom layer/],
    [
      'src/runner/x.ts',
      "import type { MotionContext } from '../extension/motion-context';",
      /src\/runner runs in plain Node/,
    ],
    [
      'src/cli/x.ts',
      "import { followWalkthrough } from '../extension/walkthrough-progress';",
      /src\/cli runs in plain Node/,
    ],
    [
      'server/language/service/x.ts',
      "import { PythonSession } from '../../../src/runner/python-session';",
      /language service runs in plain Node/,
    ],
    ['server/language/service/x.ts', "import { INSERT_SNIPPET_COMMAND } from '../lsp/protocol';", /knows no protocol/],
    [
      'server/language/lsp/x.ts',
      "import { PythonSession } from '../../../src/runner/python-session';",
      /language server runs in plain Node/,
    ],
    ['server/scripting/x.ts', "import * as vscode from 'vscode';", /reference server/],
    [
      'src/webview/skeleton-view/x.ts',
      "import type { X } from '../../extension/skeletons-in-3d/view-scene';",
      /the webview runs in the browser/,
    ],
    [
      'src/extension/x.ts',
      "import { quickFixes } from '../../server/language/service/quick-fixes';",
      /through its protocol/,
    ],
    ['src/extension/x.ts', "import { startMotionServer } from '../../server/scripting/motion-server';", /as a process/],
    [
      'src/extension/skeletons-view/x.ts',
      "import type { MotionContext } from '../motion-context';",
      /never reaches up/,
    ],
    [
      'src/extension/history/x.ts',
      "import type { CommandTable } from '../commands/command-table';",
      /never reaches up/,
    ],
    ['src/extension/run/x.ts', "import { startMotion } from '../start-motion';", /never reaches up/],
    ['src/extension/x.ts', "import { followWalkthrough } from './commands/walkthrough-progress';", /never reaches up/],
    ['src/extension/x.ts', "import type { MotionContext } from './motion-context';", /never reaches up/],
    [
      'src/extension/motion-context.ts',
      "import { registerCommands } from './commands/command-table';",
      /holds the parts/,
    ],
    [
      'src/extension/connection/x.ts',
      "import { quickFixes } from '../../../server/language/service/quick-fixes';",
      /through its protocol/,
    ],
  ];
  for (const [path, line, why] of refused)
    it(`refuses, in ${path}: ${line}`, async () => {
      const found = await breaches(path, line);
      assert.equal(found.length, 1, found.join('\n'));
      assert.match(found[0], /^no-restricted-imports: /);
      assert.match(found[0], why);
    });

  const allowed: [string, string][] = [
    ['src/webview/skeleton-view/x.ts', "import type { ViewSkeleton } from '../../protocol/skeleton-view';"],
    ['src/extension/x.ts', "import { INSERT_SNIPPET_COMMAND } from '../../server/language/lsp/protocol';"],
    ['src/extension/x.ts', "import * as vscode from 'vscode';"],
    ['src/extension/commands/x.ts', "import type { MotionContext } from '../motion-context';"],
    ['src/extension/notebooks/x.ts', "import { registerCommands } from '../commands/command-table';"],
    ['src/extension/start-motion.ts', "import { registerCommands } from './commands/command-table';"],
    ['src/extension/motion-context.ts', "import type { SkeletonExplorer } from './skeletons-view/skeleton-explorer';"],
    ['src/extension/skeletons-view/x.ts', "import { DebugAdapter } from '../../runner/debug/debug-adapter';"],
    ['src/extension/skeletons-view/x.ts', "import { describeFailure } from '../failure-text';"],
    ['server/language/service/x.ts', "import { parseType } from '../../../src/api/types/parse-type';"],
    ['server/language/lsp/x.ts', "import { OpenScripts } from '../service/open-scripts';"],
    ['src/runner/x.ts', "import { MotionClient } from '../api/client/motion-client';"],
  ];
  for (const [path, line] of allowed)
    it(`allows, in ${path}: ${line}`, async () => assert.deepEqual(await breaches(path, line), []));
});
