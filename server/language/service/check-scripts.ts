import type { Diagnostic } from 'vscode-languageserver-types';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import { createMotionLanguageService } from './language-service';
import { OpenScripts } from './open-scripts';
import { ScriptChecks } from './script-checks';
import type { ScriptLanguageId, ScriptParsers } from './script-parsers';
import type { TargetsGiven } from './script-documents';

interface ScriptToCheck {
  uri: string;
  languageId: ScriptLanguageId;
  text: string;
}

/**
 * Checks scripts as the editor does, without one (`motion check`): each goes through the open
 * scripts' pipeline, with its checking side in-process, and its whole check is what comes back.
 * `targets`: the versions of the application given for every script (a script's comment wins).
 */
export async function checkScripts(
  parsers: ScriptParsers,
  documentation: DocumentationIndex,
  scripts: readonly ScriptToCheck[],
  { targets }: { targets?: TargetsGiven } = {},
): Promise<Diagnostic[][]> {
  const waiting = new Map<string, { resolve(d: Diagnostic[]): void; reject(error: Error): void }>();
  const checks = new ScriptChecks(
    parsers,
    (message) =>
      message.kind === 'failed'
        ? waiting.get(message.uri)?.reject(new Error(`checking ${message.uri} failed: ${message.message}`))
        : open.received(message),
    // No live names here: the strings naming application objects are not looked for.
    { documentation, nameReferences: false },
  );
  const open: OpenScripts = new OpenScripts({
    service: createMotionLanguageService({ parsers, documentation: () => documentation }),
    post: (message) => void checks.receive(message),
    publish: ({ uri, version, diagnostics, partial }) => {
      if (version !== undefined && !partial) waiting.get(uri)?.resolve(diagnostics);
    },
    packageName: () => documentation.packageName,
  });
  const found: Diagnostic[][] = [];
  try {
    for (const { uri, languageId, text } of scripts) {
      found.push(
        await new Promise<Diagnostic[]>((resolve, reject) => {
          waiting.set(uri, { resolve, reject });
          open.setTargets(uri, targets);
          open.open(uri, languageId, 1, text);
        }),
      );
      waiting.delete(uri);
      open.close(uri);
    }
  } finally {
    open.dispose();
  }
  return found;
}
