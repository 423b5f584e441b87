import type { ScriptSession } from '../script-session';
import type { ConsoleSession } from './terminal-console';

/** Where typed code says it comes from in tracebacks: Python's console says <console>, Lua's says stdin. */
export const TYPED_CODE = { python: '<console>', lua: 'stdin' } as const;

/** A session as a console types into it: statements run as typed at the language's own console. */
export function typedInto(session: ScriptSession, language: 'python' | 'lua'): ConsoleSession {
  return {
    isComplete: (code) => session.isComplete(code),
    run: (code) => session.run(code, { filename: TYPED_CODE[language], interactive: true }),
    interrupt: () => session.interrupt(),
  };
}
