/**
 * npm run demo — the main job on the embedded default: a real VS Code (code-server) in the
 * browser with this extension installed from its .vsix, the example scripts open, and the
 * embedded reference server started by the extension. Prints the URL to open; Ctrl+C stops it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { quietLoopbackArgs, quietProfileSettings } from './code-server-args';

const root = resolve(__dirname, '..');
const codeServerDir = join(root, '.vscode-test/code-server');
const entry = join(codeServerDir, 'node_modules/code-server/out/node/entry.js');
const demo = join(root, '.vscode-test/demo');
const port = Number(process.env.DEMO_PORT ?? 8080);
// The demo opens a copy of examples/, made afresh at each start: auto-save is on in the demo, and an
// experiment must never be written into the clone's own examples.
const workspace = join(demo, 'examples');

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

run('bash', [join(root, 'scripts/install-code-server.sh'), codeServerDir]);
// A fresh profile every time: no machine settings (a server URL chosen in an earlier demo), no
// state of the embedded server, no restored editors. The demo always starts on the embedded default.
rmSync(join(demo, 'user-data'), { recursive: true, force: true });
rmSync(workspace, { recursive: true, force: true });
cpSync(join(root, 'examples'), workspace, { recursive: true });
mkdirSync(join(demo, 'user-data/User'), { recursive: true });
writeFileSync(join(demo, 'user-data/User/settings.json'), JSON.stringify(quietProfileSettings(), null, 2));
writeFileSync(join(demo, 'config.yaml'), 'auth: none\ncert: false\n');
const profile = [
  '--config',
  join(demo, 'config.yaml'),
  '--user-data-dir',
  join(demo, 'user-data'),
  '--extensions-dir',
  join(demo, 'extensions'),
];
run(process.execPath, [entry, ...profile, '--install-extension', join(root, 'motion-scripting.vsix'), '--force']);

const server = spawn(process.execPath, [entry, ...profile, ...quietLoopbackArgs(port), workspace], {
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let announced = false;
const onOutput = (chunk: Buffer) => {
  if (!announced && /HTTP server listening/.test(chunk.toString())) {
    announced = true;
    // The first example opens with the folder (the web workbench opens one file from its payload).
    const payload = JSON.stringify([
      ['openFile', `vscode-remote://127.0.0.1:${port}${join(workspace, 'list_skeletons.py')}`],
    ]);
    console.log(
      `\nMotion Scripting demo: open http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`,
    );
    console.log(
      `VS Code with the extension, a fresh copy of the example scripts (${workspace}), and the embedded reference server (started by the extension). Ctrl+C stops it.`,
    );
  }
};
server.stdout.on('data', onOutput);
server.stderr.on('data', onOutput);
const stop = () => {
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
