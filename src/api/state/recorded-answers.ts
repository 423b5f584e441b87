/**
 * The answers a snapshot carries for the reads the reference server does not model: recorded by
 * running a script once against the application (`motion snapshot --record`), replayed offline by
 * dry runs and tests, in any order and as often as asked.
 *
 * In the snapshot file: `"recorded": {"script": "tools/gap_fill.py", "answers": [{"operation",
 * "args", "answer"} | {"operation", "args", "error"}]}` beside `state` and `snapshot`.
 */

/** What the application said to one read: its value, or the error it refused it with. */
export type RecordedAnswer =
  | { operation: string; args: unknown[]; answer: unknown }
  | { operation: string; args: unknown[]; error: RecordedRefusal };

/** The application's refusal of a read, with its HTTP status: replayed as it was given. */
interface RecordedRefusal {
  code: string;
  message: string;
  parameter?: string;
  status?: number;
}

interface Recording {
  /** The script whose run made the recording, as it was named: said when a read is missing. */
  script?: string;
  answers: RecordedAnswer[];
}

/** Objects with their keys in order, so that `{"b": 1, "a": 2}` and `{"a": 2, "b": 1}` are the same call (a Lua table has no order). */
export function sortedKeys(_key: string, value: unknown): unknown {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))) // an object's keys are distinct
    : value;
}

/** One call as a key: the operation and its arguments, whatever order an object's keys came in. */
export function callKey(operation: string, args: readonly unknown[]): string {
  return `${operation}${JSON.stringify(args, sortedKeys)}`;
}

/** The answers by call, looked up in any order and as often as asked; the first answer of a call is the one kept. */
export class RecordedAnswers {
  private readonly byCall = new Map<string, RecordedAnswer>();

  constructor(
    readonly script: string | undefined,
    answers: readonly RecordedAnswer[] = [],
  ) {
    for (const answer of answers) this.add(answer);
  }

  /** Keeps an answer; a call answered before keeps its first answer (what the script saw). */
  add(answer: RecordedAnswer): void {
    const key = callKey(answer.operation, answer.args);
    if (!this.byCall.has(key)) this.byCall.set(key, answer);
  }

  find(operation: string, args: readonly unknown[]): RecordedAnswer | undefined {
    return this.byCall.get(callKey(operation, args));
  }

  get size(): number {
    return this.byCall.size;
  }

  /** In the order they were first made. */
  list(): RecordedAnswer[] {
    return [...this.byCall.values()];
  }
}

function isAnswer(value: unknown): value is RecordedAnswer {
  if (!value || typeof value !== 'object') return false;
  const answer = value as Record<string, unknown>;
  return (
    typeof answer.operation === 'string' &&
    Array.isArray(answer.args) &&
    ('answer' in answer || (!!answer.error && typeof (answer.error as Record<string, unknown>).message === 'string'))
  );
}

/**
 * The recording a snapshot file's text carries; none for a snapshot without one. A recording that
 * is not one (hand-edited) is an error naming the entry, never answers half read.
 */
export function recordingOf(snapshotText: string): RecordedAnswers | undefined {
  let document: { recorded?: unknown };
  try {
    document = JSON.parse(snapshotText) as { recorded?: unknown };
  } catch {
    return undefined; // not JSON: the server that serves it says what is wrong
  }
  const recorded = document?.recorded;
  if (recorded === undefined) return undefined;
  const { script, answers } = (recorded ?? {}) as { script?: unknown; answers?: unknown };
  if (!Array.isArray(answers))
    throw new Error('the snapshot\'s "recorded" has no list of "answers": take the snapshot again with the script');
  const wrong = answers.findIndex((answer) => !isAnswer(answer));
  if (wrong >= 0)
    throw new Error(
      `the snapshot's recorded answer ${wrong + 1} is not an {"operation", "args", "answer" or "error"}: take the snapshot again with the script`,
    );
  return new RecordedAnswers(typeof script === 'string' ? script : undefined, answers as RecordedAnswer[]);
}

/**
 * The snapshot's text with a recording beside its state (replacing one it had): the state indented
 * as before, each answer on a line of its own (a documentation is one long line, not thousands), so
 * that a snapshot kept in version control diffs by answer.
 */
export function withRecording(snapshotText: string, recording: Recording): string {
  const { recorded: _replaced, ...document } = JSON.parse(snapshotText) as Record<string, unknown>;
  const head = JSON.stringify(document, null, 1).replace(/\n}$/, '');
  const script = recording.script === undefined ? '' : `"script": ${JSON.stringify(recording.script)}, `;
  const answers = recording.answers.map((answer) => `  ${JSON.stringify(answer)}`).join(',\n');
  return `${head},\n "recorded": {${script}"answers": [${answers ? `\n${answers}\n ` : ''}]}\n}\n`;
}
