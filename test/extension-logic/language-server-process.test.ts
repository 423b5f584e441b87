import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { LanguageServerProcesses, underDebugger } from '../../src/extension/language-server-process';
import { LANGUAGE_SERVER_NODE_FLAGS, type RememberedFlags } from '../../server/language/node-flags';
import { scratchFolder } from '../support/scratch-folder';
import { waitFor } from '../support/wait-for';

/** A store like VS Code's global state. */
function remembered(): RememberedFlags {
  let value: unknown;
  return { get: () => value, update: async (_key, v) => void (value = v) };
}

/** What a process started as a language server says of itself: its Node flags and arguments, once asked on stdin. */
async function selfOf(child: ChildProcess): Promise<{ execArgv: string[]; argv: string[]; pid: number }> {
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stdin!.write('who\n');
  await once(child.stdout!, 'data');
  return JSON.parse(out) as { execArgv: string[]; argv: string[]; pid: number };
}

describe('the language server’s processes, the first started as Motion starts', () => {
  const scratch = scratchFolder('motion-language-server-process-');
  let processes: LanguageServerProcesses | undefined;
  const started: ChildProcess[] = [];
  afterEach(() => {
    processes?.dispose();
    for (const child of started) child.kill();
    started.length = 0;
  });

  /**
   * A stand-in for dist/language-server.js: notes that it started (a file named by its process id),
   * then says its flags and arguments on stdin's first line.
   */
  function standIn(): string {
    const script = join(scratch.path, 'language-server.js');
    writeFileSync(
      script,
      [
        `require('fs').writeFileSync(require('path').join(__dirname, 'started-' + process.pid), '');`,
        "process.stdin.once('data', () => process.stdout.write(JSON.stringify({ execArgv: process.execArgv, argv: process.argv.slice(2), pid: process.pid })));",
      ].join('\n'),
    );
    return script;
  }

  /** The process ids of the stand-ins that started, and of those still running. */
  const startedIds = () =>
    readdirSync(scratch.path)
      .filter((name) => name.startsWith('started-'))
      .map((name) => Number(name.slice('started-'.length)));
  const isRunning = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('starts one at once, before the client asks: the client takes it, then a new one at each restart, with the flags the runtime takes', async () => {
    processes = new LanguageServerProcesses(standIn(), remembered());
    await waitFor(() => startedIds().length === 1, 'a process started before the client asks for one');
    const first = processes.next();
    assert.equal(first.pid, startedIds()[0], 'the client gets the one started early');
    started.push(first);
    const firstSelf = await selfOf(first);
    assert.deepEqual(firstSelf.argv, ['--stdio'], 'the protocol over stdio');
    assert.deepEqual(firstSelf.execArgv, [], 'a first start does not wait to ask the runtime for its flags');
    // Once the runtime has answered (it takes them), the next start has them.
    await new Promise((resolve) => setTimeout(resolve, 0));
    let second: ChildProcess;
    for (;;) {
      second = processes.next();
      started.push(second);
      const self = await selfOf(second);
      assert.notEqual(self.pid, firstSelf.pid, 'a new process');
      assert.deepEqual(self.argv, ['--stdio']);
      if (self.execArgv.length > 0) {
        assert.deepEqual(self.execArgv, [...LANGUAGE_SERVER_NODE_FLAGS]);
        break;
      }
      // The runtime has not answered yet: this restart is without them, as the first was.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('ends the one started early when no client took it', async () => {
    processes = new LanguageServerProcesses(standIn(), remembered());
    await waitFor(() => startedIds().length === 1, 'the early process started');
    const [pid] = startedIds();
    assert.ok(isRunning(pid));
    processes.dispose();
    await waitFor(() => !isRunning(pid), 'the early process gone');
  });

  it('listen for a debugger only when the extension host runs under one', () => {
    for (const flags of [['--inspect'], ['--inspect=6009'], ['--inspect-brk=9229'], ['--nolazy', '--debug']])
      assert.ok(underDebugger(flags), flags.join(' '));
    for (const flags of [
      [],
      ['--inspector-port'],
      ['--max-old-space-size=100'],
      ['--inspect-brk-x'],
      ['-inspect'],
      ['x--inspect'],
    ])
      assert.ok(!underDebugger(flags), flags.join(' '));
  });
});
