import type { Node } from 'web-tree-sitter';
import { loadScriptParsers, type ScriptLanguageId } from '../../server/language/service/script-parsers';

/**
 * A language's syntax reader with a parser for texts given by a test: `root(text)` parses one;
 * `done()` frees the trees and the parser.
 */
export async function scriptReader(languageId: ScriptLanguageId) {
  const parsers = await loadScriptParsers();
  const syntax = parsers.syntax(languageId);
  const parser = parsers.createParser(languageId);
  const trees: { delete(): void }[] = [];
  const root = (text: string): Node => {
    const tree = parser.parse(text);
    if (!tree) throw new Error('the parser gave no tree');
    trees.push(tree);
    return tree.rootNode;
  };
  const done = () => {
    for (const tree of trees) tree.delete();
    parser.delete();
  };
  return { syntax, root, done };
}
