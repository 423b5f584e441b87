import { targetsOfScript, type ScriptTargets } from '../../../src/api/catalogue/target-versions';
import { SCRIPT_TOP_CHARS } from '../../../src/api/catalogue/targets-comment';
import type { DocumentationIndex } from '../../../src/api/docs/documentation-index';
import type { ScriptDocument } from './script-documents';

/** Targets that cannot be read, as a problem at the comment or the script's first line (offsets). */
interface TargetsProblem {
  start: number;
  end: number;
  message: string;
  code: 'target-versions';
}

/** Where targets that cannot be read were said, in a diagnostic's words. */
const SAID_IN = { comment: '', setting: 'the setting motion.targetVersions: ', option: '--target: ', application: '' };

/**
 * The versions of the application the script must run on: the comment at its top
 * (`# motion: targets >=2025.1`), else those given for it (its folder's setting, `motion check
 * --target`), else the connected application's. `key` keeps cached diagnostics apart per targets.
 * Targets that cannot be read are themselves a problem: at the comment, or at the script's first line.
 */
export function scriptTargets(
  document: ScriptDocument,
  index: DocumentationIndex,
): ScriptTargets & { at?: TargetsProblem } {
  const top = document.text.slice(0, Math.min(document.text.size, SCRIPT_TOP_CHARS));
  const { source } = index;
  const found = targetsOfScript(top, document.targetsGiven, source.kind === 'bundled' ? undefined : source.version);
  const { problem } = found;
  if (!problem) return found;
  const start = problem.from === 'comment' ? top.indexOf(problem.said) : 0;
  const end = problem.from === 'comment' ? start + problem.said.length : Math.max(top.indexOf('\n'), 0) || top.length;
  return {
    ...found,
    at: { start, end, message: `${SAID_IN[problem.from]}${problem.message}`, code: 'target-versions' },
  };
}
