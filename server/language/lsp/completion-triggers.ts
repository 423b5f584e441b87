/**
 * The characters that ask for a list without a key for it: a module path's `.`, and a quote that
 * opens a name (`find_skeleton("`). The language server offers completion on them, and so does the
 * VS Code extension's own provider, which asks the server itself (`completionFromClient`).
 */
export const COMPLETION_TRIGGER_CHARACTERS = ['.', '"', "'"];
