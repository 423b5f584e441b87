import { findOperation } from '../../api/catalogue';
import { callKey } from '../../api/state/recorded-answers';

type Served = { value: unknown } | { error: { code: string; message: string; operation: string; parameter?: string } };

/**
 * What a test of a script declares and asks of its application: answers to the reads the
 * reference server does not model (`motion.testing.answer`), and every call the script made
 * (`motion.testing.calls`), so that a tool over the whole interface is tested offline.
 */
export class TestingCalls {
  /** The calls a test's script sends for these: served by the gateway, never by an application. */
  static readonly MODULE = 'motion.testing';

  private readonly calls: { operation: string; args: unknown[] }[] = [];
  /** Answers for a call with these arguments, by call; answers for any call, by operation. */
  private readonly forCall = new Map<string, { value: unknown }>();
  private readonly forAny = new Map<string, { value: unknown }>();

  /** A call the script made (not the documentation it read, not these). */
  made(operation: string, args: unknown[]): void {
    this.calls.push({ operation, args });
  }

  /** The answer the test declared for this call: for these arguments, else for any; undefined when none. */
  declared(operation: string, args: unknown[]): { value: unknown } | undefined {
    return this.forCall.get(callKey(operation, args)) ?? this.forAny.get(operation);
  }

  /** `answer(operation, value, args?)` or `calls(operation)`, as the script's package sent them. */
  serve(name: string, args: unknown[]): Served {
    const operation = `${TestingCalls.MODULE}.${name}`;
    const refused = (message: string, parameter?: string): Served => ({
      error: { code: 'invalid_argument', message, operation, ...(parameter ? { parameter } : {}) },
    });
    const [called, value, given] = args;
    // Lua's empty table arrives as an empty object: as arguments, it is the empty list.
    const withArgs =
      given && typeof given === 'object' && !Array.isArray(given) && Object.keys(given).length === 0 ? [] : given;
    if (name !== 'answer' && name !== 'calls')
      return {
        error: {
          code: 'unknown_operation',
          message: `${operation} is not a testing call: motion.testing has answer(operation, value[, args]), calls(operation), load_script(path), messages() and terminal()`,
          operation,
        },
      };
    if (typeof called !== 'string' || !/^motion(\.\w+)+$/.test(called))
      return refused(
        `operation must be an operation's full name, such as "motion.gui.timeline.get_measured_range", got ${JSON.stringify(called ?? null)}`,
        'operation',
      );
    if (name === 'calls')
      return { value: this.calls.filter((call) => call.operation === called).map((call) => call.args) };
    const dot = called.lastIndexOf('.');
    if (findOperation(called.slice(0, dot), called.slice(dot + 1)))
      return refused(
        `${called} is answered by the test's application from its state: start the test from a snapshot that holds what it should read, instead of answering it`,
        'operation',
      );
    if (withArgs !== undefined && withArgs !== null && !Array.isArray(withArgs))
      return refused(
        `args must be a list of the call's arguments (or left out: any call), got ${JSON.stringify(withArgs)}`,
        'args',
      );
    if (Array.isArray(withArgs)) this.forCall.set(callKey(called, withArgs), { value: value ?? null });
    else this.forAny.set(called, { value: value ?? null });
    return { value: null };
  }
}
