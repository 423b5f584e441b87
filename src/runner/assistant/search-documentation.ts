import type { DocumentationIndex, IndexedMethod } from '../../api/docs/documentation-index';
import type { ModuleDocumentation } from '../../api/docs/documentation-shapes';
import { methodMarkdown, withChangelogNote } from '../../api/docs/markdown';
import { lackOf, type Targets } from '../../api/catalogue/target-versions';

/** One operation or module that matches a search, best first. */
interface DocumentationHit {
  kind: 'operation' | 'module';
  /** `motion.gui.selection.select`, `motion.gui.selection`. */
  path: string;
  brief: string;
  /** The operation's signature, parameters and return value, or the module's operations (Markdown). */
  text: string;
}

/**
 * The words a person searches with: `set scale`, `skeleton_scale`, `SetScale` → set, scale, skeleton.
 * Names are split where the documentation joins words (underscores, dots, capitals).
 */
export function searchWords(text: string): string[] {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  return [...new Set(words)];
}

/** How well one word matches a field's words: whole word 2, a word's start 1 (`traj` → trajectory), else 0. */
function wordScore(word: string, fieldWords: readonly string[]): number {
  if (fieldWords.includes(word)) return 2;
  if (word.length >= 3 && fieldWords.some((w) => w.startsWith(word))) return 1;
  return 0;
}

/** The fields of a hit, most telling first, with their weights: a word in the name counts most. */
interface Fields {
  name: string[];
  brief: string[];
  rest: string[];
}

function score(words: readonly string[], fields: Fields): { matched: number; score: number } {
  let matched = 0;
  let total = 0;
  for (const word of words) {
    const best = Math.max(
      wordScore(word, fields.name) * 3,
      wordScore(word, fields.brief) * 2,
      wordScore(word, fields.rest),
    );
    if (best > 0) matched++;
    total += best;
  }
  return { matched, score: total };
}

function methodFields(method: IndexedMethod): Fields {
  const m = method.method;
  return {
    name: searchWords(method.path),
    brief: searchWords(m.brief),
    rest: searchWords(
      [
        m.details,
        ...m.parameters.flatMap((p) => [p.name, p.type, p.description]),
        m.return_value?.type ?? '',
        m.return_value?.description ?? '',
      ].join(' '),
    ),
  };
}

function moduleFields(module: ModuleDocumentation): Fields {
  return { name: searchWords(module.path), brief: searchWords(module.brief), rest: searchWords(module.details) };
}

/**
 * The operations and modules whose names, descriptions, parameters or types hold the query's
 * words: those holding every word first (by how well they match, names counting most), then those
 * holding most of them. An empty list when no word matches anything.
 */
export function searchDocumentation(
  index: DocumentationIndex,
  query: string,
  limit: number,
  releases?: Targets,
): DocumentationHit[] {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const scored: { hit: DocumentationHit; matched: number; score: number }[] = [];
  // For given releases, only what every one of them has.
  const kept = (path: string) => !releases || lackOf(path, releases) === undefined;
  for (const module of index.modules()) {
    if (!kept(module.path)) continue;
    const moduleScore = score(words, moduleFields(module));
    if (moduleScore.matched > 0)
      scored.push({
        ...moduleScore,
        hit: {
          kind: 'module',
          path: module.path,
          brief: module.brief,
          text: withChangelogNote(
            [
              `${module.path}: ${module.brief}`,
              `Operations: ${
                module.methods
                  .map((m) => m.name)
                  .filter((name) => kept(`${module.path}.${name}`))
                  .join(', ') || 'none'
              }`,
            ].join('\n'),
            module.path,
          ),
        },
      });
    for (const method of index.methodsOf(module.path)) {
      if (!kept(method.path)) continue;
      const methodScore = score(words, methodFields(method));
      if (methodScore.matched > 0)
        scored.push({
          ...methodScore,
          hit: {
            kind: 'operation',
            path: method.path,
            brief: method.method.brief,
            text: withChangelogNote(methodMarkdown(module.path, method.method), method.path),
          },
        });
    }
  }
  scored.sort((a, b) => b.matched - a.matched || b.score - a.score || a.hit.path.localeCompare(b.hit.path));
  return scored.slice(0, limit).map((s) => s.hit);
}
