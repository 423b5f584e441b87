import type { MotionClient } from '../../api/client/motion-client';
import type { MotionState } from '../../api/state/motion-state';
import { readSnapshot } from '../../api/state/read-snapshot';
import { diffOutline, diffStates, type StateChange } from '../../api/state/state-diff';
import { LuaSession } from '../lua-session';
import { PythonSession } from '../python-session';
import { scriptArgumentsPrelude } from '../script-arguments';
import type { Rehearsal } from './rehearsals';
import { ANSWER_LINES, boundedLines, outputTail, type ToolAnswer } from './tool-answer';

/** What applying did: the answer for the assistant, and the application's state after (for an undo). */
interface Applied {
  answer: ToolAnswer;
  after: MotionState;
  made: StateChange[];
}

/**
 * Runs a rehearsed script for real against the application (the caller has checked that it may:
 * readyToApply, and `now` is the state it found), and says what it changed, read back from the
 * application.
 */
export async function applyRehearsed(
  rehearsal: Rehearsal,
  client: MotionClient,
  python: string | undefined,
  now: MotionState,
): Promise<Applied> {
  let output = '';
  const options = {
    serverUrl: client.url,
    onOutput: (_stream: string, text: string) => void (output += text),
    readLine: async () => null,
  };
  const { script } = rehearsal;
  const session =
    script.language === 'lua' ? new LuaSession(options) : new PythonSession({ ...options, interpreter: python });
  let result;
  try {
    await session.run(scriptArgumentsPrelude(script.language, script.path, script.args), {
      filename: '<motion apply>',
    });
    result = await session.run(script.code, { filename: script.path, line: 1 });
  } finally {
    await session.dispose();
  }
  const after = (await readSnapshot(client)).state;
  const made = diffStates(now, after);
  const n = made.length;
  const lines = [
    `Applied the dry run ${rehearsal.id}: ${rehearsal.label} ran against ${client.url} and made ${n} change${n === 1 ? '' : 's'}${result.ok ? '' : ` before it raised ${result.error?.type ?? 'an error'}: ${result.error?.message ?? ''}`}.`,
    ...boundedLines(diffOutline(made), ANSWER_LINES, 'the diff is cut here'),
  ];
  if (output) lines.push('Its output:', outputTail(output));
  const answer = {
    text: lines.join('\n'),
    data: { ok: result.ok, changes: made.map((c) => ({ kind: c.kind, path: c.path, text: c.text })) },
    failed: !result.ok,
  };
  return { answer, after, made };
}
