import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generatePythonStubs } from '../../api/codegen/python-stubs';
import { loadDocumentation } from '../../api/docs/load-documentation';
import { versionsOption } from '../versions-option';
import { clientFor, documentationCache, GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, UsageError } from '../cli-context';

const STUBS_HELP = `Usage: motion stubs --out DIR [--version VERSIONS]

Writes Python type stubs (.pyi) for the motion package, generated from the application's
documentation, so Pylance and pyright know every module, method, parameter and return type
without this extension. Write them to the folder pyright reads stubs from (its stubPath,
"typings" by default):

  motion stubs --out typings

  --version VERSIONS
                   stubs for the application of these releases, as your lab runs them: 2025.1,
                   or a range (2025.1..2026.2, >=2025.1, several joined by commas). What none of
                   them has is left out; what only some have is marked @deprecated, naming the
                   releases that lack it (Pylance strikes it through), from the application's
                   changelog.

${GLOBAL_HELP}`;

export async function stubsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...GLOBAL_OPTIONS, out: { type: 'string' }, version: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${STUBS_HELP}\n`), 0);
  if (positionals.length > 0) throw new UsageError(`stubs takes no arguments, got "${positionals.join(' ')}"`);
  if (!values.out) throw new UsageError(`stubs needs --out DIR\n\n${STUBS_HELP}`);
  const versions = values.version === undefined ? undefined : versionsOption('--version', values.version);
  const options = globalOptions(values);
  const client = clientFor(options);
  const index = await loadDocumentation(client, { cache: documentationCache() }).finally(() => client.close());
  if (index.source.kind !== 'live') process.stderr.write(`motion: documentation ${index.describeSource()}\n`);
  const out = resolve(values.out);
  const files = generatePythonStubs(index, versions);
  for (const [relative, content] of files) {
    const file = join(out, relative);
    try {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `${content}\n`);
    } catch (error) {
      throw new UsageError(
        `cannot write the stubs to --out ${out}: ${(error as NodeJS.ErrnoException).code ?? ''} ${(error as Error).message}`.replace(
          /\s+/g,
          ' ',
        ),
      );
    }
  }
  if (options.json) process.stdout.write(`${JSON.stringify({ out, files: [...files.keys()] })}\n`);
  else
    process.stdout.write(
      `wrote ${files.size} stub files for ${index.modules().length} modules to ${out}${versions ? ` for the application ${versions.described}` : ''}\n`,
    );
  return 0;
}
