import { PythonSession } from '../../src/runner/python-session';
import type { MotionServer } from '../../server/scripting/motion-server';
import { referenceServer } from './reference-server';
import { TypedAnswers } from './typed-answers';

export interface PythonSessionFixture {
  server: MotionServer;
  session: PythonSession;
  output: { stream: string; text: string }[];
  /** The user typing the lines that input() asks for. */
  typed: TypedAnswers;
  /** What the runs printed on a stream (stdout by default), or on every stream with 'all'. */
  printed(stream?: 'stdout' | 'stderr' | 'system' | 'all'): string;
}

/**
 * A reference server for the describe block, and a fresh Python session recording its output for
 * each test; with `readsLines`, input() asks `typed` (else it ends input at once); `interpreter`
 * runs it in another Python (WINDOWS_PYTHON: under Windows' rules).
 */
export function pythonSessionPerTest({
  readsLines = false,
  interpreter,
}: { readsLines?: boolean; interpreter?: string } = {}): PythonSessionFixture {
  const fixture = {
    output: [],
    printed: (stream = 'stdout') =>
      fixture.output
        .filter((o) => stream === 'all' || o.stream === stream)
        .map((o) => o.text)
        .join(''),
  } as unknown as PythonSessionFixture;
  const app = referenceServer({ per: 'suite' });
  before(() => {
    fixture.server = app.server;
  });
  beforeEach(() => {
    fixture.output = [];
    fixture.typed = new TypedAnswers();
    fixture.session = new PythonSession({
      serverUrl: fixture.server.url,
      ...(interpreter ? { interpreter } : {}),
      onOutput: (stream, text) => fixture.output.push({ stream, text }),
      ...(readsLines ? { readLine: fixture.typed.readLine } : {}),
    });
  });
  afterEach(() => fixture.session.dispose());
  return fixture;
}
