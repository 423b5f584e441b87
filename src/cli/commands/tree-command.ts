import { parseArgs } from 'node:util';
import { loadSkeletons } from '../../api/skeletons/skeleton-loader';
import { SKELETON_SOURCE_NAMES, type SkeletonSourceName, SOURCE_TITLES } from '../../api/skeletons/skeleton-model';
import { renderSkeleton } from '../../api/skeletons/skeleton-text';
import { clientFor, GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, UsageError } from '../cli-context';

const TREE_HELP = `Usage: motion tree [--source project|measurement|data]

Prints the skeletons of the project settings, the measurement settings and the current data
(or of one source) as indented trees: skeleton name, scale and id; each segment with its id,
solver and marker count, and its endpoint when it is a leaf.

${GLOBAL_HELP}`;

export async function treeCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { ...GLOBAL_OPTIONS, source: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${TREE_HELP}\n`), 0);
  if (positionals.length > 0) throw new UsageError(`tree takes no arguments, got "${positionals.join(' ')}"`);
  const options = globalOptions(values);
  const source = values.source as SkeletonSourceName | undefined;
  if (source !== undefined && !SKELETON_SOURCE_NAMES.includes(source)) {
    throw new UsageError(`--source must be one of ${SKELETON_SOURCE_NAMES.join(', ')}, got "${source}"`);
  }
  const sources = source ? [source] : SKELETON_SOURCE_NAMES;
  const client = clientFor(options);
  try {
    const trees = await Promise.all(sources.map((s) => loadSkeletons(client, s)));
    if (options.json) {
      process.stdout.write(`${JSON.stringify(Object.fromEntries(sources.map((s, i) => [s, trees[i]])), null, 2)}\n`);
      return 0;
    }
    const lines: string[] = [];
    sources.forEach((s, i) => {
      if (i > 0) lines.push('');
      lines.push(`${SOURCE_TITLES[s]}${trees[i].length === 0 ? ': no skeletons' : ''}`);
      for (const skeleton of trees[i]) lines.push(...renderSkeleton(skeleton));
    });
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } finally {
    await client.close();
  }
}
