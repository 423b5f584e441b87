import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { replaceFile } from '../../api/files/replace-file';
import { dirname, join } from 'node:path';
import { generatePythonStubs } from '../../api/codegen/python-stubs';
import type { DocumentationIndex } from '../../api/docs/documentation-index';

/** Beside the stubs: which application they were generated for, so a newer one can be noticed. */
const MARKER = 'generated-by-motion-scripting.json';

interface StubsMarker {
  /** The documentation's description: "live from http://… (Motion Reference Server 0.1.0)". */
  generatedFrom: string;
  version: string | undefined;
  generatedAt: string;
}

/** The version of the application whose documentation a documentation index came from, when it was live or cached. */
export function documentationVersion(index: DocumentationIndex): string | undefined {
  return index.source.kind === 'bundled' ? undefined : index.source.version;
}

/**
 * What is in `<stubPath>/<package>` now: stubs this extension wrote (and for which version), a
 * folder of someone else's (not to be overwritten unasked), or nothing.
 */
export async function stubsInFolder(
  stubPath: string,
  packageName: string,
): Promise<{ kind: 'ours'; version: string | undefined } | { kind: 'foreign' } | { kind: 'none' }> {
  const folder = join(stubPath, packageName);
  try {
    const marker = JSON.parse(await readFile(join(folder, MARKER), 'utf8')) as StubsMarker;
    return { kind: 'ours', version: marker.version };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return { kind: 'foreign' };
  }
  try {
    await readFile(join(folder, '__init__.pyi'));
    return { kind: 'foreign' };
  } catch {
    return { kind: 'none' };
  }
}

/**
 * Writes the stubs of an application's documentation to `<stubPath>/<package>`, replacing what was
 * there all at once: the new folder is written beside it and renamed into place, so an editor
 * never sees half of one version and half of another, and a failed write leaves the old stubs.
 */
export async function writePythonStubs(stubPath: string, index: DocumentationIndex): Promise<number> {
  const files = generatePythonStubs(index);
  const target = join(stubPath, index.packageName);
  const staging = `${target}.writing-${process.pid}`;
  const previous = `${target}.previous-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    for (const [relative, content] of files) {
      // The generator's paths start with the package's own folder.
      const file = join(staging, relative.split('/').slice(1).join('/'));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `${content}\n`);
    }
    const marker: StubsMarker = {
      generatedFrom: index.describeSource(),
      version: documentationVersion(index),
      generatedAt: new Date().toISOString(),
    };
    await writeFile(join(staging, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
    await rm(previous, { recursive: true, force: true });
    await replaceFile(target, previous).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await replaceFile(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await rm(previous, { recursive: true, force: true });
  return files.size;
}
