import assert from 'node:assert/strict';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { PythonDebugAdapter } from '../../src/runner/debug/python-debug-adapter';
import { pythonSupportDir } from '../../src/api/runtime/python-support';
import { scratchFolder } from '../support/scratch-folder';
import { waitFor } from '../support/wait-for';

/** Starts the relay with an interpreter, sends it requests, and keeps what it sends back. */
function relay(interpreter: string) {
  const adapter = new PythonDebugAdapter(interpreter, pythonSupportDir());
  const sent: DebugProtocol.ProtocolMessage[] = [];
  adapter.onDidSendMessage((message) => sent.push(message));
  const request = (seq: number, command: string, args: object = {}) =>
    adapter.handleMessage({ seq, type: 'request', command, arguments: args } as DebugProtocol.Request);
  const failed = (seq: number) =>
    sent.find((m) => m.type === 'response' && (m as DebugProtocol.Response).request_seq === seq) as
      DebugProtocol.Response | undefined;
  return { adapter, sent, request, failed };
}

describe('the Python debug relay when debugpy cannot run', function () {
  this.timeout(30_000);
  const scratch = scratchFolder('motion-nodebugpy-', { per: 'suite' });

  it('says debugpy is missing from the interpreter and how to install it, answers every request so, and ends', async function () {
    if (!existsSync('/usr/bin/python3')) this.skip();
    // Debian's Python without its site packages: no debugpy, whatever the machine has installed.
    const python = join(scratch.path, 'python-without-debugpy');
    writeFileSync(python, '#!/bin/sh\nexec /usr/bin/python3 -S "$@"\n');
    chmodSync(python, 0o755);
    const { adapter, sent, request, failed } = relay(python);
    request(1, 'initialize', { adapterID: 'motion' });
    await waitFor(() => sent.some((m) => (m as DebugProtocol.Event).event === 'terminated'), 'the session to end');
    const said = sent.find((m) => (m as DebugProtocol.Event).event === 'output') as DebugProtocol.OutputEvent;
    assert.equal(
      said.body.output,
      `debugpy is not installed in ${python}; install it with: ${python} -m pip install debugpy\n`,
    );
    assert.equal(said.body.category, 'stderr');
    const reason = said.body.output.trim();
    assert.deepEqual([failed(1)?.success, failed(1)?.message, failed(1)?.command], [false, reason, 'initialize']);
    request(2, 'launch', { program: '/x.py' });
    assert.deepEqual([failed(2)?.success, failed(2)?.message], [false, reason]);
    assert.deepEqual((failed(2)!.body as { error: DebugProtocol.Message }).error, {
      id: 1,
      format: reason,
      showUser: true,
    });
    // The relay's own messages are numbered apart from debugpy's, in order.
    const seqs = sent.map((m) => m.seq);
    assert.deepEqual(
      seqs,
      [...seqs].sort((a, b) => a - b),
    );
    assert.equal(new Set(seqs).size, seqs.length);
    adapter.dispose();
  });

  it('names an interpreter that cannot be started', async () => {
    const { adapter, sent, request, failed } = relay(join(scratch.path, 'no-such-python'));
    await waitFor(() => sent.some((m) => (m as DebugProtocol.Event).event === 'terminated'), 'the session to end');
    request(1, 'initialize');
    assert.match(failed(1)?.message ?? '', /spawn .*no-such-python ENOENT/);
    adapter.dispose();
  });

  it('ends with the last line the interpreter wrote', async () => {
    const failing = join(scratch.path, 'python-that-fails');
    writeFileSync(failing, '#!/bin/sh\necho "first words" >&2\necho "last words" >&2\nexit 3\n');
    chmodSync(failing, 0o755);
    const ended = relay(failing);
    ended.request(1, 'initialize', { adapterID: 'motion' });
    await waitFor(() => ended.failed(1) !== undefined, 'the answer');
    assert.equal(ended.failed(1)?.message, 'last words');
    ended.adapter.dispose();
  });

  it('refuses a launch it cannot make debugpy arguments for, saying what is missing', () => {
    const lasting = join(scratch.path, 'python-that-waits');
    writeFileSync(lasting, '#!/bin/sh\nexec sleep 30\n');
    chmodSync(lasting, 0o755);
    const { adapter, request, failed } = relay(lasting);
    try {
      request(1, 'launch', { program: '/x.py' });
      assert.deepEqual(
        [failed(1)?.success, failed(1)?.message],
        [false, 'no application URL (serverUrl) was given for the debug session'],
      );
    } finally {
      adapter.dispose();
    }
  });
});
