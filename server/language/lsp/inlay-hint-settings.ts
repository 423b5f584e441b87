import { NO_INLAY_HINTS, type InlayHintSettings } from '../service/inlay-hints';

const PARAMETER_NAMES = new Set(['none', 'literals', 'all']);

/**
 * The `motion.inlayHints` settings as the editor gives them (anything, from any editor): each kind
 * read if it is one the server knows, else off.
 */
export function readInlayHintSettings(raw: unknown): InlayHintSettings {
  const given = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const names = given.parameterNames;
  return {
    parameterNames:
      typeof names === 'string' && PARAMETER_NAMES.has(names)
        ? (names as InlayHintSettings['parameterNames'])
        : NO_INLAY_HINTS.parameterNames,
    variableTypes: given.variableTypes === true,
    identifierNames: given.identifierNames === true,
  };
}
