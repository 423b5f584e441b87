import { readdir, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Diagnostic } from 'vscode-languageserver-types';
import { loadDocumentation } from '../../api/docs/load-documentation';
import { checkScripts } from '../../../server/language/service/check-scripts';
import { loadScriptParsers } from '../../../server/language/service/script-parsers';
import {
  clientFor,
  documentationCache,
  EXIT,
  GLOBAL_HELP,
  GLOBAL_OPTIONS,
  globalOptions,
  UsageError,
} from '../cli-context';
import { messageText, type CheckedFile } from './checked-file';
import { sarifReport } from './sarif-report';
import { readUserText } from '../../api/files/user-text';
import { versionsOption } from '../versions-option';

const CHECK_HELP = `Usage: motion check [FILE|DIR...] [--target VERSIONS] [--sarif FILE]

Checks Python and Lua scripts the way the editor does, without an editor: every motion.* call
against the application's documentation (live from --url, else the one cached from it, else the
one bundled with this tool): unknown modules and operations, argument counts, literal values of
the wrong type or out of range. Prints each problem like a compiler:

  scripts/tool.py:12:5: error: motion has no module or method "animation" [unknown-member]

Directories are searched for .py and .lua files (not node_modules, .git or hidden folders);
without arguments, the current directory.

  --target VERSIONS
                   the versions of the application the scripts must run on, as your lab runs
                   them: 2025.2, >=2025.1, 2025.1..2026.2, or several joined by commas. A call
                   that one of them lacks (added later, or removed) is an error naming them,
                   from the application's changelog. A script's own "# motion: targets …"
                   comment at its top wins. Without it: the warnings of the script's comment,
                   else of the application's version.
  --sarif FILE     also write the problems as SARIF 2.1.0 (for code scanning)

Exit status: 0 no errors, 1 errors found, 2 bad usage.

${GLOBAL_HELP}`;

const SCRIPT = /\.(py|lua)$/;
const SKIPPED = new Set(['node_modules', '.git', '__pycache__', '.venv', 'venv']);

/** The script files of the arguments: files as given, directories searched, in a stable order. */
async function scriptFiles(paths: string[]): Promise<string[]> {
  const found: string[] = [];
  const visit = async (path: string, given: boolean): Promise<void> => {
    const info = await stat(path).catch(() => undefined);
    if (!info) {
      if (given) throw new UsageError(`no such file or directory: ${path}`);
      return;
    }
    if (info.isDirectory()) {
      const entries = (await readdir(path)).sort();
      for (const entry of entries)
        if (!SKIPPED.has(entry) && !entry.startsWith('.')) await visit(join(path, entry), false);
    } else if (SCRIPT.test(path)) found.push(path);
    else if (given) throw new UsageError(`${path} is not a Python (.py) or Lua (.lua) script`);
  };
  for (const path of paths) await visit(path, true);
  return found;
}

const SEVERITY = { 1: 'error', 2: 'warning', 3: 'info', 4: 'hint' } as const;

/** `file:line:col: error: message [code]`, positions 1-based, as compilers print them. */
function compilerLine(path: string, d: Diagnostic): string {
  const { line, character } = d.range.start;
  return `${path}:${line + 1}:${character + 1}: ${SEVERITY[d.severity ?? 1]}: ${messageText(d.message)}${d.code ? ` [${d.code}]` : ''}`;
}

export async function checkCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...GLOBAL_OPTIONS, sarif: { type: 'string' }, target: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${CHECK_HELP}\n`), EXIT.ok);
  const options = globalOptions(values);
  // Read before anything is asked of the application: a range that cannot be read is bad usage.
  const targets = values.target === undefined ? undefined : versionsOption('--target', values.target);
  const files = await scriptFiles(positionals.length > 0 ? positionals : ['.']);
  const client = clientFor(options);
  let documentation;
  try {
    documentation = await loadDocumentation(client, { cache: documentationCache() });
  } finally {
    await client.close();
  }
  // Each script goes the editor's way from its text to its diagnostics (the language service's open scripts).
  const scripts = [];
  for (const path of files)
    scripts.push({
      path,
      uri: pathToFileURL(resolve(path)).href,
      languageId: path.endsWith('.lua') ? ('lua' as const) : ('python' as const),
      text: await readUserText(path),
    });
  const found = await checkScripts(await loadScriptParsers(), documentation, scripts, {
    ...(targets ? { targets: { text: values.target, from: 'option' } } : {}),
  });
  const checked: CheckedFile[] = scripts.map(({ path, languageId }, i) => ({
    path: relative('.', path) || path,
    languageId,
    // Versions named on the command line are what CI must hold to: a call one of them lacks fails the check.
    diagnostics: targets
      ? found[i].map((d) => (d.code === 'target-versions' ? { ...d, severity: 1 as const } : d))
      : found[i],
  }));
  const problems = checked.flatMap((f) => f.diagnostics.map((d) => ({ file: f, d })));
  const errors = problems.filter(({ d }) => (d.severity ?? 1) === 1).length;
  if (options.json)
    process.stdout.write(
      `${JSON.stringify({ documentation: documentation.describeSource(), files: checked.length, errors, problems: problems.map(({ file, d }) => ({ path: file.path, ...d, message: messageText(d.message) })) }, null, 2)}\n`,
    );
  else for (const { file, d } of problems) process.stdout.write(`${compilerLine(file.path, d)}\n`);
  if (values.sarif) await writeFile(values.sarif, `${JSON.stringify(sarifReport(checked), null, 2)}\n`);
  const counted = `${problems.length} problem${problems.length === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'})`;
  process.stderr.write(
    `motion check: ${files.length} file${files.length === 1 ? '' : 's'}, ${counted}; documentation ${documentation.describeSource()}${targets ? `; targets ${targets.described}` : ''}\n`,
  );
  return errors > 0 ? EXIT.refused : EXIT.ok;
}
