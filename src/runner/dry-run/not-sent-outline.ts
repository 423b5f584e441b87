import { callSite, siteText } from './call-site';
import { describeCall, type NotSentCall, type PassedRead } from './dry-run-gateway';

/** Where a call was made, as ` (tool.py:14)` or ` (helpers/menu_tools.py:3)`: its file beside the script's. */
function at(caller: string | undefined, script: string | undefined): string {
  const site = callSite(caller);
  return site ? ` (${siteText(site, script)})` : '';
}

/** "3 calls the reference server does not model": how the terminal and the Dry Run view count them. */
export function notModelled(count: number): string {
  return `${count} call${count === 1 ? '' : 's'} the reference server does not model`;
}

/**
 * The calls a dry run did not send, in order, and the reads whose answers may differ against the
 * application because they came after one of them: lines for a terminal or a log, each naming the
 * file and line it was made at (`script`: the file that ran, the one they are named beside). Empty when none.
 */
export function notSentOutline(
  notSent: readonly NotSentCall[],
  reads: readonly PassedRead[],
  script: string | undefined,
): string[] {
  if (notSent.length === 0) return [];
  const maybe = reads.filter((read) => read.mayDependOn);
  return [
    `${notModelled(notSent.length)}, not sent (the script got null; what they would do is not known):`,
    ...notSent.map((call) => `  would call ${describeCall(call)} — not sent${at(call.caller, script)}`),
    ...(maybe.length === 0
      ? []
      : [
          'Read from the application after a call not sent, so possibly different when the script runs there:',
          ...maybe.map((read) => `  ${describeCall(read)}${at(read.caller, script)}, after ${read.mayDependOn}`),
        ]),
  ];
}
