import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { MotionClient } from '../../api/client/motion-client';
import {
  exportSkeleton,
  importSkeletons,
  type SkeletonDefinitionDocument,
} from '../../api/skeletons/skeleton-definition';
import {
  readSkeletonFile,
  skeletonFileFormat,
  writeSkeletonFile,
  type SkeletonFileFormat,
} from '../../api/skeletons/skeleton-files';
import { skeletonReader } from '../../api/skeletons/skeleton-loader';
import { SKELETON_SOURCE_NAMES, type SkeletonSourceName } from '../../api/skeletons/skeleton-model';
import { clientFor, EXIT, GLOBAL_HELP, GLOBAL_OPTIONS, globalOptions, terminalSafe, UsageError } from '../cli-context';
import { readUserText } from '../../api/files/user-text';

const SKELETON_HELP = `Usage: motion skeleton export --source project|measurement|data [--name NAME]... [--format xml|json] [--out FILE]
       motion skeleton import FILE --target project|measurement [--format xml|json] [--replace]

export writes skeleton definitions: the application's XML (every skeleton of the source, or those
named; several fit in one file) or our JSON document (one skeleton). To --out FILE, else to stdout.
The format follows --format, else the file's extension, else XML.

import creates the skeletons of a file in the project or measurement settings, all or nothing:
each is built aside and takes its name only once every one is complete, so a refusal or an
interruption changes nothing. A skeleton whose name the settings already have is replaced only
with --replace. What the file holds that the interface cannot (a quaternion that is not unit
length, an endpoint on a segment with children, a coupling to itself or to another skeleton) is
normalised or left out, each with a warning on stderr; a malformed file is refused, naming the
element of the first problem.

${GLOBAL_HELP}`;

/** Where a source's skeletons are, with its verb: "the project settings have", "the current data has". */
const holds = (source: SkeletonSourceName) =>
  source === 'data' ? 'the current data has' : `the ${source} settings have`;

/** --format as given, else the file's. */
function formatOf(given: string | undefined, file: string | undefined, text?: string): SkeletonFileFormat {
  if (given === undefined) return file ? skeletonFileFormat(file, text) : 'xml';
  if (given !== 'xml' && given !== 'json') throw new UsageError(`--format must be xml or json, got "${given}"`);
  return given;
}

export async function skeletonCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      ...GLOBAL_OPTIONS,
      source: { type: 'string' },
      target: { type: 'string' },
      name: { type: 'string', multiple: true },
      format: { type: 'string' },
      out: { type: 'string' },
      replace: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return (void process.stdout.write(`${SKELETON_HELP}\n`), EXIT.ok);
  const [action, ...files] = positionals;
  const options = globalOptions(values);
  if (action === 'export') {
    if (files.length > 0) throw new UsageError(`skeleton export takes no file argument; use --out FILE`);
    const source = values.source as SkeletonSourceName | undefined;
    if (!source || !SKELETON_SOURCE_NAMES.includes(source))
      throw new UsageError(`--source must be one of ${SKELETON_SOURCE_NAMES.join(', ')}`);
    const client = clientFor(options);
    try {
      const docs = await exportNamed(client, source, values.name);
      const format = formatOf(values.format, values.out);
      if (format === 'json' && docs.length !== 1)
        throw new UsageError(
          `a JSON skeleton document holds one skeleton and ${holds(source)} ${docs.length}; name one with --name, or use --format xml`,
        );
      const text = writeSkeletonFile(docs, format);
      if (values.out) {
        await writeFile(values.out, text);
        process.stderr.write(`exported ${docs.map((d) => terminalSafe(d.name)).join(', ')} to ${values.out}\n`);
      } else process.stdout.write(text);
      return EXIT.ok;
    } finally {
      await client.close();
    }
  }
  if (action === 'import') {
    if (files.length !== 1) throw new UsageError('skeleton import takes one FILE');
    const target = values.target;
    if (target !== 'project' && target !== 'measurement')
      throw new UsageError('--target must be project or measurement (the current data is read-only)');
    const [file] = files;
    const text = await readUserText(file);
    let read: ReturnType<typeof readSkeletonFile>;
    try {
      read = readSkeletonFile(text, formatOf(values.format, file, text));
    } catch (error) {
      process.stderr.write(`motion: ${file} cannot be imported: ${terminalSafe((error as Error).message)}\n`);
      return EXIT.refused;
    }
    const { docs, warnings } = read;
    for (const warning of warnings) process.stderr.write(`warning: ${terminalSafe(warning)}\n`);
    const client = clientFor(options);
    try {
      const api = client.settings.processing.skeleton;
      const taken = (await Promise.all(docs.map((d) => api.find_skeleton(target, d.name)))).flatMap((id, i) =>
        id === null ? [] : [docs[i].name],
      );
      if (taken.length > 0 && !values.replace) {
        process.stderr.write(
          `motion: the ${target} settings already have ${taken.map((n) => `"${terminalSafe(n)}"`).join(', ')}; nothing was imported (--replace replaces them)\n`,
        );
        return EXIT.refused;
      }
      const ids = await importSkeletons(client, target, docs);
      const done = docs.map((d, i) => ({ name: d.name, id: ids[i], replaced: taken.includes(d.name) }));
      if (options.json) process.stdout.write(`${JSON.stringify(done)}\n`);
      else
        for (const d of done)
          process.stdout.write(
            `imported ${terminalSafe(d.name)} (skeleton ${d.id}) into the ${target} settings${d.replaced ? ', replacing the one of that name' : ''}\n`,
          );
      return EXIT.ok;
    } finally {
      await client.close();
    }
  }
  throw new UsageError(`skeleton takes export or import, got "${action ?? ''}"`);
}

/** Every skeleton of the source, or those named (in the order given); an unknown name is a usage error. */
async function exportNamed(
  client: MotionClient,
  source: SkeletonSourceName,
  names: string[] | undefined,
): Promise<SkeletonDefinitionDocument[]> {
  const read = skeletonReader(client, source);
  const ids = await read<number[]>('get_skeleton_ids');
  let chosen = ids;
  if (names && names.length > 0) {
    const found = await Promise.all(names.map((n) => read<number | null>('find_skeleton', n)));
    const missing = names.filter((_, i) => found[i] === null);
    if (missing.length > 0)
      throw new UsageError(`${holds(source)} no skeleton named ${missing.map((n) => `"${n}"`).join(', ')}`);
    chosen = found as number[];
  }
  if (chosen.length === 0) throw new UsageError(`${holds(source)} no skeletons to export`);
  return Promise.all(chosen.map((id) => exportSkeleton(client, source, id)));
}
