import { bundledDocumentation } from '../../src/api/docs/load-documentation';
import { LuaSession } from '../../src/runner/lua-session';
import { PythonSession } from '../../src/runner/python-session';
import { typedInto } from '../../src/runner/repl/console-session';
import { motionNames } from '../../src/runner/repl/motion-names';
import { TerminalConsole } from '../../src/runner/repl/terminal-console';
import type { ScriptSession } from '../../src/runner/script-session';
import { referenceServer } from './reference-server';
import { VirtualTerminal } from './virtual-terminal';
import { waitFor } from './wait-for';

/** Keys as a terminal sends them. */
export const KEY = {
  enter: '\r',
  left: '\x1b[D',
  right: '\x1b[C',
  up: '\x1b[A',
  down: '\x1b[B',
  home: '\x1b[H',
  end: '\x1b[F',
  delete: '\x1b[3~',
  backspace: '\x7f',
  wordLeft: '\x1b[1;5D',
  wordRight: '\x1b[1;5C',
  ctrlC: '\x03',
  ctrlD: '\x04',
  ctrlL: '\x0c',
  ctrlU: '\x15',
  ctrlK: '\x0b',
  ctrlW: '\x17',
  tab: '\t',
};

/**
 * A Motion terminal's console over a real Python or Lua session and the reference server, drawn
 * on a headless xterm: what the console tests type into and read back. Call inside a `describe`
 * (it adds the hooks that start the server and end each test's session and screen).
 */
export function consoleOnRealSessions() {
  const app = referenceServer({ per: 'suite' });
  const harness = {
    screen: undefined as unknown as VirtualTerminal,
    console: undefined as unknown as TerminalConsole,
    session: undefined as unknown as ScriptSession,
    /** What the console put in its transcript, in order. */
    transcript: [] as string[],
    index: bundledDocumentation(),

    open(language: 'python' | 'lua', columns = 80, banner?: string): void {
      harness.screen = new VirtualTerminal(columns);
      harness.transcript.length = 0;
      const options = {
        serverUrl: app.server.url,
        onOutput: (stream: 'stdout' | 'stderr' | 'system', text: string) => harness.console.print(stream, text),
        readLine: (prompt: string) => harness.console.ask(prompt),
      };
      harness.session = language === 'python' ? new PythonSession(options) : new LuaSession(options);
      harness.console = new TerminalConsole({
        language,
        session: typedInto(harness.session, language),
        write: harness.screen.write,
        transcript: (text) => harness.transcript.push(text),
        complete: (before) => motionNames(harness.index, before),
        banner,
      });
      harness.console.open(columns);
    },

    /** Keys as a terminal sends them: one character (or escape sequence) at a time. */
    press(...keys: string[]): void {
      for (const key of keys)
        if (key.startsWith('\x1b') || key.length === 1) harness.console.input(key);
        else for (const c of key) harness.console.input(c);
    },

    /** Waits until the screen ends with these rows (the last one being the one with the cursor). */
    async screenEndsWith(...rows: string[]): Promise<void> {
      await waitFor(
        async () => {
          const shown = await harness.screen.rows();
          return rows.every((row, i) => shown[shown.length - rows.length + i] === row);
        },
        `the screen to end with ${JSON.stringify(rows)}`,
      ).catch(async (error: Error) => {
        throw new Error(`${error.message}; it shows:\n${await harness.screen.text()}`);
      });
    },
  };

  afterEach(async () => {
    await harness.session.dispose();
    harness.screen.dispose();
  });
  return harness;
}
