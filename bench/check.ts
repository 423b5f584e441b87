/**
 * npm run bench:check — `motion check` on 1,000 script files (500 Python, 500 Lua, from the
 * project's own templates, each with a wrong call or two), as a CI job runs it: one process, from
 * start to exit, against the bundled documentation. Beside it in the same run, the peer: pyright
 * on the same 500 Python files. The goal is under 10 s for the 1,000.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SCRIPT_TEMPLATES } from '../src/extension/templates/script-templates';

const FILES = 1_000;
const GOAL_MS = 10_000;
const CLI = resolve(__dirname, '../dist/motion.js');
const PYRIGHT = resolve(__dirname, '../node_modules/pyright/index.js');

function run(args: string[], cwd: string): Promise<{ ms: number; code: number; stdout: string; stderr: string }> {
  const started = performance.now();
  return new Promise((done) =>
    execFile(
      process.execPath,
      args,
      // An address nobody answers at: the bundled documentation, as in CI without the application.
      {
        cwd,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, MOTION_URL: 'http://127.0.0.1:9', MOTION_CACHE_DIR: cwd },
      },
      (error, stdout, stderr) =>
        done({ ms: performance.now() - started, code: error ? Number(error.code) : 0, stdout, stderr }),
    ),
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'motion-bench-check-'));
  try {
    const python = SCRIPT_TEMPLATES.filter((t) => t.languageId === 'python');
    const lua = SCRIPT_TEMPLATES.filter((t) => t.languageId === 'lua');
    let lines = 0;
    for (let i = 0; i < FILES; i++) {
      const isLua = i % 2 === 1;
      const template = (isLua ? lua : python)[Math.floor(i / 2) % (isLua ? lua.length : python.length)];
      const wrong = isLua
        ? `motion.settings.processing.skeleton.set_skeleton_scale("project", 1, ${i + 200})\n`
        : `import motion\nmotion.settings.processing.skeleton.get_skeleton_count("everywhere")\nmotion.animation.curves()\n`;
      const text = `${template.text}\n${wrong}`;
      lines += text.split('\n').length;
      const folder = join(dir, `team${i % 10}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `script${i}.${isLua ? 'lua' : 'py'}`), text);
    }
    const ours = await run([CLI, 'check', '.'], dir);
    const problems = ours.stdout.split('\n').filter(Boolean).length;
    if (ours.code !== 1 || problems < FILES)
      throw new Error(`motion check found ${problems} problems:\n${ours.stderr}`);
    const peer = await run([PYRIGHT, '.'], dir);
    console.log(
      `motion check on ${FILES} scripts (${FILES / 2} Python, ${FILES / 2} Lua; ${lines.toLocaleString('en')} lines), one process from start to exit`,
    );
    console.log(
      `  motion check (all ${FILES})      ${ours.ms.toFixed(0).padStart(6)} ms   ${problems} problems   goal < ${GOAL_MS} ms: ${ours.ms < GOAL_MS ? 'met' : 'NOT met'}`,
    );
    console.log(`  pyright (the ${FILES / 2} Python)   ${peer.ms.toFixed(0).padStart(6)} ms`);
    console.log(`  ratio pyright/motion check: ${(peer.ms / ours.ms).toFixed(1)}× (pyright on half the files)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
