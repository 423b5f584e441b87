import { compactJson } from '../text/compact-json';
import { checkSkeletonDefinition, type SkeletonDefinitionDocument } from './skeleton-definition';
import { skeletonsFromXml } from './skeleton-xml-read';
import { skeletonsToXml } from './skeleton-xml-write';

/** The two skeleton file formats: the application's XML, and our JSON document (one skeleton). */
export type SkeletonFileFormat = 'xml' | 'json';

/** A file's format by its name (.xml, .json), else by its text (XML starts with `<`), else XML. */
export function skeletonFileFormat(path: string, text?: string): SkeletonFileFormat {
  if (/\.json$/i.test(path)) return 'json';
  if (/\.xml$/i.test(path)) return 'xml';
  return text !== undefined && !text.trimStart().startsWith('<') ? 'json' : 'xml';
}

/** The definitions a skeleton file holds, and what was changed to fit them (XML only); throws naming the first problem. */
export function readSkeletonFile(
  text: string,
  format: SkeletonFileFormat,
): { docs: SkeletonDefinitionDocument[]; warnings: string[] } {
  if (format === 'json') return { docs: [checkSkeletonDefinition(JSON.parse(text))], warnings: [] };
  const { skeletons, warnings } = skeletonsFromXml(text);
  return { docs: skeletons, warnings };
}

/** A skeleton file's text; JSON holds one skeleton, so several are refused in it. */
export function writeSkeletonFile(docs: readonly SkeletonDefinitionDocument[], format: SkeletonFileFormat): string {
  if (format === 'xml') return skeletonsToXml(docs);
  if (docs.length !== 1)
    throw new Error(`a JSON skeleton document holds one skeleton, not ${docs.length}; export several as XML`);
  return `${compactJson(docs[0])}\n`;
}
