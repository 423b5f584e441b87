import { SCRIPT_TOP_CHARS, targetsComment } from '../../api/catalogue/targets-comment';

/**
 * Whether the text before the cursor asks for the list after `motion.` itself (`motion.`,
 * `x = motion.`, `import motion.`): `motion.` at its end, in code. On a line with a comment marker or
 * an open string before it, no: the language server, which reads the whole script, says.
 */
export function asksForPackages(before: string, languageId: string): boolean {
  if (!/(?:^|[^\w.])motion\.$/.test(before)) return false;
  const code = before.slice(0, -'motion.'.length);
  const markers = languageId === 'lua' ? ['--', '[['] : ['#'];
  if (markers.some((marker) => code.includes(marker))) return false;
  return ['"', "'"].every((quote) => (code.split(quote).length - 1) % 2 === 0);
}

/**
 * Whether the bundled package list is the language server's for this script: not when the script
 * names its target versions (`# motion: targets …`, or `targetsSetting`), which mark the packages
 * some of them lack.
 */
export function packageListFits(script: string, targetsSetting: string | undefined): boolean {
  return !targetsSetting?.trim() && targetsComment(script.slice(0, SCRIPT_TOP_CHARS)) === undefined;
}
