import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoState } from '../../server/scripting/model/demo-data';
import { emptyState } from '../../server/scripting/model/records';
import { StateFile } from '../../server/scripting/persistence/state-file';
import { decodeState } from '../../server/scripting/persistence/state-format';
import { encodeState } from '../../src/api/state/state-document';
import { scratchFolder } from '../support/scratch-folder';

describe('state file: opening, locking and closing (state-file, in process)', () => {
  const scratch = scratchFolder('motion-open-');

  it('creates a missing file from the initial state, says so, and holds its lock until closed', async () => {
    const path = join(scratch.path, 'state.json');
    const { file, state, created } = await StateFile.open(path, emptyState);
    assert.equal(created, true);
    assert.deepEqual(state, emptyState());
    assert.equal(readFileSync(path, 'utf8'), encodeState(emptyState()));
    assert.equal(readFileSync(`${path}.lock`, 'utf8'), String(process.pid));
    await file.close();
    assert.ok(!existsSync(`${path}.lock`));
  });

  it('reads an existing file as it is, without writing it, and does not call for the initial state', async () => {
    const path = join(scratch.path, 'state.json');
    const text = JSON.stringify(JSON.parse(encodeState(demoState())), null, 2);
    writeFileSync(path, text);
    const { file, state, created } = await StateFile.open(path, () => assert.fail('the file exists'));
    assert.equal(created, false);
    assert.deepEqual(state, demoState());
    assert.equal(readFileSync(path, 'utf8'), text, 'left byte for byte as it was');
    await file.write(encodeState(emptyState()));
    assert.deepEqual(decodeState(readFileSync(path, 'utf8')), emptyState());
    await file.close();
  });

  it('refuses a corrupt file with its path and problem, leaves it as it is, and releases the lock', async () => {
    const path = join(scratch.path, 'state.json');
    writeFileSync(path, '{"format": 1');
    await assert.rejects(
      () => StateFile.open(path, emptyState),
      (error: Error) =>
        error.message.startsWith(`state file ${path} is corrupt: it is not valid JSON (`) &&
        error.message.endsWith('). It was left as it is; repair it, or move it away to start afresh.') &&
        /^it is not valid JSON/.test((error.cause as Error)?.message),
    );
    assert.equal(readFileSync(path, 'utf8'), '{"format": 1');
    assert.ok(!existsSync(`${path}.lock`));
  });

  it('refuses a file with a second name (a hard link), and releases the lock', async () => {
    const path = join(scratch.path, 'state.json');
    writeFileSync(path, encodeState(emptyState()));
    linkSync(path, join(scratch.path, 'other.json'));
    await assert.rejects(
      () => StateFile.open(path, emptyState),
      (error: Error) =>
        error.message ===
        `state file ${path} has 2 hard links: one server per file needs a file with one name; copy it instead`,
    );
    assert.ok(!existsSync(`${path}.lock`));
  });

  it('reads a state file saved with a byte-order mark, and refuses one saved as UTF-16 naming the encoding', async () => {
    const marked = join(scratch.path, 'marked.json');
    writeFileSync(marked, `\ufeff${encodeState(demoState())}`);
    const opened = await StateFile.open(marked, emptyState);
    assert.equal(opened.state.skeletons.project.length, demoState().skeletons.project.length);
    await opened.file.close();
    const utf16 = join(scratch.path, 'utf16.json');
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(encodeState(demoState()), 'utf16le')]));
    await assert.rejects(
      () => StateFile.open(utf16, emptyState),
      /utf16\.json is saved as UTF-16 LE .* save it as UTF-8/,
    );
  });

  it('refuses a second opening of a file that is open', async () => {
    const path = join(scratch.path, 'state.json');
    const first = await StateFile.open(path, emptyState);
    // Another server takes the lock over (its pid, a live process's, written over this one's).
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(`${path}.lock`, String(other.pid));
      await assert.rejects(() => StateFile.open(path, emptyState), /in use by another motion-server/);
      await assert.rejects(() => first.file.write('{}'), /has taken over/);
    } finally {
      other.kill();
      await first.file.close();
    }
  });

  it('follows a link to the state file once, and a linked directory, so the lock is the real file’s', async () => {
    const real = join(scratch.path, 'real.json');
    writeFileSync(real, encodeState(emptyState()));
    const link = join(scratch.path, 'link.json');
    symlinkSync(real, link);
    const viaLink = await StateFile.open(link, emptyState);
    assert.equal(viaLink.file.path, real);
    assert.ok(existsSync(`${real}.lock`) && !existsSync(`${link}.lock`));
    await viaLink.file.close();

    mkdirSync(join(scratch.path, 'real-dir'));
    symlinkSync(join(scratch.path, 'real-dir'), join(scratch.path, 'dir-link'));
    const viaDir = await StateFile.open(join(scratch.path, 'dir-link', 'new.json'), emptyState);
    assert.equal(viaDir.file.path, join(scratch.path, 'real-dir', 'new.json'));
    assert.ok(existsSync(join(scratch.path, 'real-dir', 'new.json')));
    await viaDir.file.close();
  });

  it('passes on a path that cannot be a file (under a regular file), and a missing directory', async () => {
    writeFileSync(join(scratch.path, 'plain'), '');
    await assert.rejects(
      () => StateFile.open(join(scratch.path, 'plain', 'state.json'), emptyState),
      // Windows says a path under a file does not exist.
      (error: NodeJS.ErrnoException) => error.code === (process.platform === 'win32' ? 'ENOENT' : 'ENOTDIR'),
    );
    await assert.rejects(
      () => StateFile.open(join(scratch.path, 'missing', 'state.json'), emptyState),
      (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
    );
  });
});
