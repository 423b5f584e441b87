/**
 * Checks the running demo as a person would: opens its URL in headless Chromium, waits for the
 * workbench, and for the embedded reference server that the extension starts to answer, on a port
 * of its own: never 7979, the application's. Saves a screenshot to .vscode-test/demo.png. Exit 0
 * when all of that happened.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchHeadlessChromium } from './headless-chromium';
import { listeningPorts, processesWith } from '../test/support/processes';

const url = process.argv[2];
const root = resolve(__dirname, '..');
const demo = join(root, '.vscode-test/demo');

/** The ports of the demo's embedded servers: the extension's motion-server, its state in the demo's profile. */
function embeddedPorts(): number[] {
  return listeningPorts(processesWith('motion-server.js').filter((pid) => processesWith(demo).includes(pid)));
}

async function serverAnswers(): Promise<string | undefined> {
  const port = embeddedPorts()[0];
  if (!port) return undefined;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/scripting/motion/get_version/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[]',
    });
    return response.ok ? JSON.stringify(await response.json()) : undefined; // get_version: {"major", "minor", "build"}
  } catch {
    return undefined;
  }
}

/**
 * A person's experiment in the demo: a line typed into the open example, saved by the demo's
 * auto-save. It lands in the demo's copy of the examples, never in the clone's own.
 */
async function experimentStaysInTheCopy(page: import('playwright-core').Page): Promise<void> {
  const line = `# tried in the demo ${Date.now()}`;
  // A fresh profile asks whether to trust the folder's authors; a person trying the demo says yes.
  const trust = page.getByRole('button', { name: /Yes, I trust the authors/ });
  if (await trust.isVisible()) await trust.click();
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type(`${line}\n`);
  await page.keyboard.press('Control+S');
  const copy = join(demo, 'examples/list_skeletons.py');
  const deadline = Date.now() + 30_000;
  while (!readFileSync(copy, 'utf8').includes(line)) {
    if (Date.now() > deadline) throw new Error(`the line typed in the demo never reached ${copy}`);
    await page.waitForTimeout(200);
  }
  if (readFileSync(join(root, 'examples/list_skeletons.py'), 'utf8').includes(line))
    throw new Error("the demo wrote into the clone's own examples/list_skeletons.py");
  console.log(`demo: a line typed into list_skeletons.py was saved to the demo's copy, the clone's examples untouched`);
}

/**
 * `motion` typed in a terminal of the demo's VS Code, where the extension was installed from its
 * .vsix as a user installs it: on PATH, talking to the embedded server Motion is connected to.
 */
async function motionInATerminal(page: import('playwright-core').Page): Promise<void> {
  const out = join(demo, 'terminal-tree.txt');
  rmSync(out, { force: true });
  rmSync(`${out}.done`, { force: true });
  await page.keyboard.press('Control+Backquote');
  await page.locator('.terminal-wrapper.active .xterm').first().waitFor({ timeout: 30_000 });
  // Keys typed before the shell's prompt wait in the terminal for it, as a person's do.
  await page.keyboard.type(`motion tree --source project > "${out}" 2>&1; echo $? > "${out}.done"`);
  await page.keyboard.press('Enter');
  const deadline = Date.now() + 60_000;
  while (!existsSync(`${out}.done`) || !readFileSync(`${out}.done`, 'utf8').endsWith('\n')) {
    if (Date.now() > deadline) throw new Error('motion typed in a terminal of the demo never finished');
    await page.waitForTimeout(200);
  }
  const status = readFileSync(`${out}.done`, 'utf8').trim();
  const tree = existsSync(out) ? readFileSync(out, 'utf8') : '';
  if (status !== '0' || !/FullBody/.test(tree))
    throw new Error(`motion typed in a terminal of the demo failed (exit ${status}): ${tree}`);
  console.log('demo: `motion tree` typed in a terminal ran (the .vsix put motion on PATH) and listed FullBody');
}

async function main(): Promise<number> {
  const browser = await launchHeadlessChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    await page.waitForSelector('.monaco-workbench', { timeout: 120_000 });
    const deadline = Date.now() + 120_000;
    let version: string | undefined;
    while (!(version = await serverAnswers()) && Date.now() < deadline) await page.waitForTimeout(500);
    if (!version) throw new Error('the embedded server did not answer');
    const ports = embeddedPorts();
    if (ports.includes(7979)) throw new Error('the embedded server took 7979, the application’s port');
    // What a person sees: the example open, and the status bar naming the embedded server.
    await page.getByRole('tab', { name: /list_skeletons\.py/ }).waitFor({ timeout: 60_000 });
    await page
      .getByText(/Motion: embedded/)
      .first()
      .waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(root, '.vscode-test/demo.png') });
    await experimentStaysInTheCopy(page);
    await motionInATerminal(page);
    console.log(
      `demo: workbench open with list_skeletons.py, status bar "Motion: embedded", embedded server answers on ${ports.join(', ')} (7979 left free): ${version}`,
    );
    return 0;
  } finally {
    await browser.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`demo smoke check failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
