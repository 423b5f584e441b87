import { parseArgs } from 'node:util';
import { dottedPath } from '../../api/client/call-paths';
import type { DocumentationIndex } from '../../api/docs/documentation-index';
import { loadDocumentation } from '../../api/docs/load-documentation';
import { methodMarkdown, moduleMarkdown, packageMarkdown } from '../../api/docs/markdown';
import { closestNames } from '../../api/text/closest-names';
import { clientFor, documentationCache, GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, UsageError } from '../cli-context';

const DOCS_HELP = `Usage: motion docs [PATH]

Prints Markdown documentation from the application's documentation module: of the package
(no PATH), a namespace or module (motion.gui.selection, gui/selection), or a method
(motion.gui.selection.select). When no application answers, the last documentation cached for
its URL is used, else the one bundled with this version; a note on stderr says which.
--json prints the documentation structure instead.

${GLOBAL_HELP}`;

export async function docsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: GLOBAL_OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${DOCS_HELP}\n`), 0);
  if (positionals.length > 1) throw new UsageError(`docs takes at most one path, got ${positionals.length}`);
  const options = globalOptions(values);
  const client = clientFor(options);
  let index: DocumentationIndex;
  try {
    index = await loadDocumentation(client, { cache: documentationCache() });
  } finally {
    await client.close();
  }
  if (index.source.kind !== 'live') process.stderr.write(`motion: documentation ${index.describeSource()}\n`);
  const out = render(index, positionals[0], options.json);
  process.stdout.write(`${out}\n`);
  return 0;
}

function render(index: DocumentationIndex, path: string | undefined, json: boolean): string {
  if (path === undefined)
    return json ? JSON.stringify(index.documentation, null, 2) : packageMarkdown(index.documentation);
  const dotted = dottedPath(path);
  const found = index.resolve(dotted);
  if (!found) throw new UsageError(`no module or method ${dotted} in the documentation${suggest(index, dotted)}`);
  switch (found.kind) {
    case 'method':
      return json
        ? JSON.stringify(found.method.method, null, 2)
        : methodMarkdown(found.method.module.path, found.method.method);
    case 'module':
      if (json) return JSON.stringify(found.module, null, 2);
      return [
        moduleMarkdown(found.module),
        ...found.module.methods.map((m) => methodMarkdown(found.module.path, m)),
      ].join('\n\n');
    case 'namespace': {
      const modules = index.modules().filter((m) => m.path.startsWith(`${found.path}.`));
      return json ? JSON.stringify(modules, null, 2) : modules.map(moduleMarkdown).join('\n\n');
    }
  }
}

/** "; did you mean motion.gui.selection.select?" for paths within a small edit distance of a known one. */
function suggest(index: DocumentationIndex, path: string): string {
  const candidates = index.modules().flatMap((m) => [m.path, ...m.methods.map((x) => `${m.path}.${x.name}`)]);
  const closest = closestNames(path, candidates);
  return closest.length > 0 ? `; did you mean ${closest.join(', ')}?` : '';
}
