import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scratchFolder } from '../support/scratch-folder';
import { startTestServer, type TestServer } from '../support/test-server';

const TOOLS = resolve(__dirname, '../fixtures/tools');

interface OpenDialog {
  id: number;
  dialog: string;
  args: unknown[];
}

/**
 * The dialogs a tool's command opens, answered by whoever is at the reference server: the person
 * (VS Code, looking for dialogs), a script test's declared answer, else nobody (Cancel, said).
 */
describe('dialogs of start-up scripts: answered by the person, by a test, or as Cancel', function () {
  this.timeout(60_000);
  const scratch = scratchFolder('motion-test-dialogs-', { per: 'suite', stopFirst: () => t?.server.close() });
  let t: TestServer;

  const control = async <T>(path: string, args: unknown[]): Promise<{ status: number; body: T }> => {
    const reply = await t.raw({ path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(args) });
    return { status: reply.status, body: reply.body as T };
  };
  const dialogs = <T>(args: unknown[]) => control<T>('/reference/dialogs', args);
  const terminal = async () => (await control<{ terminal: string }>('/reference/gui', [])).body.terminal;
  const gapCount = async () => {
    await t.ok('gui', 'send_command', ['report_gaps']);
    return Number(/(\d+) gaps\n$/.exec(await terminal())![1]);
  };

  before(() => cpSync(TOOLS, scratch.path, { recursive: true }));
  beforeEach(async () => {
    t = await startTestServer({ scripts: [join(scratch.path, 'startup_tools.py')] });
  });
  afterEach(() => t.server.close());

  it('shows the dialog to the person looking for dialogs, and the command goes on with the answer', async () => {
    const before = await gapCount();
    const looking = dialogs<OpenDialog>(['wait', 10_000]);
    const sent = t.ok('gui', 'send_command', ['fill_gaps']);
    const { status, body: shown } = await looking;
    assert.equal(status, 200);
    assert.equal(shown.dialog, 'show_string_input_dialog');
    assert.deepEqual(shown.args, ['Fill gaps', 'Longest gap to fill (frames)', '50']);
    assert.deepEqual((await dialogs(['reply', shown.id, '100'])).body, null);
    await sent;
    const filled = Number(/fill gaps: (\d+) filled\n$/.exec(await terminal())![1]);
    assert.ok(filled > 0, await terminal());
    assert.equal(await gapCount(), before - filled, 'the gaps of up to 100 frames are filled');
  });

  it('waits for the person beyond the function’s deadline, and refuses an answer the dialog cannot give, keeping it open', async () => {
    await t.server.close();
    t = await startTestServer({ scripts: [join(scratch.path, 'startup_tools.py')], functionDeadlineMs: 300 });
    const looking = dialogs<OpenDialog>(['wait', 10_000]);
    const sent = t.ok('gui', 'send_command', ['fill_gaps']);
    const { body: shown } = await looking;
    const wrong = await dialogs<{ error: { message: string } }>(['reply', shown.id, ['a.c3d']]);
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.error.message, /The input dialog answers a text, or null \(Cancel\), got \["a.c3d"\]/);
    await new Promise((done) => setTimeout(done, 800)); // past the deadline: the person is still answering
    await dialogs(['reply', shown.id, null]);
    await sent;
    assert.match(await terminal(), /fill gaps: cancelled\n$/);
    const again = await dialogs<{ error: { message: string } }>(['reply', shown.id, '3']);
    assert.match(again.body.error.message, /no dialog \d+ is open: it was answered or closed already/);
  });

  it('closes a dialog as Cancel when the person stops looking (VS Code gone), and the command goes on', async () => {
    const looking = dialogs<OpenDialog>(['wait', 10_000]);
    const sent = t.ok('gui', 'send_command', ['fill_gaps']);
    assert.equal((await looking).body.dialog, 'show_string_input_dialog');
    const started = Date.now();
    await sent; // nobody looks again, nobody replies
    assert.ok(Date.now() - started >= 9_000, 'the person had a few seconds to look again');
    assert.match(await terminal(), /fill gaps: cancelled\n$/);
  });

  it('answers with what a test declared, for that dialog (and only with the arguments it names), before asking anyone', async () => {
    const before = await gapCount();
    await dialogs(['declare', 'motion.gui.dialog.show_string_input_dialog', '0', ['Another title']]);
    await t.ok('gui', 'send_command', ['fill_gaps']);
    assert.match(await terminal(), /fill gaps: cancelled\n$/, 'other arguments: not the declared answer, nobody there');
    await dialogs(['declare', 'show_string_input_dialog', '1000', null]);
    await t.ok('gui', 'send_command', ['fill_gaps']);
    assert.match(await terminal(), /fill gaps: \d+ filled\n$/);
    assert.ok((await gapCount()) < before);
  });

  it('refuses to declare an answer for what is not a dialog, naming the dialogs there are', async () => {
    const { status, body } = await dialogs<{ error: { message: string } }>(['declare', 'show_colour_picker', 'red']);
    assert.equal(status, 400);
    assert.match(
      body.error.message,
      /"show_colour_picker" is not one of motion\.gui\.dialog's dialogs \(show_message_box, /,
    );
    const bad = await dialogs<{ error: { message: string } }>(['look']);
    assert.match(bad.body.error.message, /"look" is not wait, reply or declare/);
  });

  it('a message box is answered with one of its buttons; a declared answer that is not one fails the script’s call, saying so', async () => {
    await dialogs(['declare', 'show_message_box', 'Maybe', null]);
    const refused = await t.call('gui/dialog', 'show_message_box', ['Save?', 'Save the file?', ['Yes', 'No'], null]);
    assert.equal(refused.status, 400);
    assert.match(
      JSON.stringify(refused.body),
      /The message box answers one of its buttons \(\\"Yes\\", \\"No\\"\), got \\"Maybe\\"/,
    );
    await dialogs(['declare', 'show_message_box', 'No', null]);
    assert.equal(await t.ok('gui/dialog', 'show_message_box', ['Save?', 'Save the file?', ['Yes', 'No'], null]), 'No');
  });

  it('with nobody looking, a dialog gives what Cancel gives at once', async () => {
    const started = Date.now();
    assert.equal(await t.ok('gui/dialog', 'show_open_file_dialog', ['Open', null, true, null]), null);
    assert.equal(await t.ok('gui/dialog', 'show_message_box', ['Save?', 'Save?', ['Yes', 'No'], 'question']), '');
    assert.ok(Date.now() - started < 5_000);
  });
});
