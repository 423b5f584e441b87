/**
 * A person's hands in the real-VS-Code tests: keys, gutter clicks, the command palette, what the
 * notifications say. The harness that holds the browser does them (scripts/workbench-hands.ts);
 * a host without one (desktop VS Code through test-electron) skips the tests that need them.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HandsAction, HandsReply } from '../../../scripts/workbench-hands';
import { waitFor } from '../../support/wait-for';

/** Whether this host has hands (code-server driven by the harness). */
export const hasHands = process.env.MOTION_TEST_HANDS === '1';

let asked = 0;
// In the harness's folder for the run, which it removes; a folder of its own elsewhere.
const replies = process.env.MOTION_TEST_HANDS_DIR ?? mkdtempSync(join(tmpdir(), 'motion-hands-'));
mkdirSync(replies, { recursive: true });

async function ask(action: HandsAction, what: string): Promise<unknown> {
  if (!hasHands) throw new Error('this VS Code has no harness to press keys: run the suite with npm run test:vscode');
  const reply = join(replies, `${++asked}.json`);
  console.log(`MOTION_HANDS ${JSON.stringify({ reply, action })}`);
  await waitFor(() => existsSync(reply), what, 30_000);
  const outcome = JSON.parse(readFileSync(reply, 'utf8')) as HandsReply;
  rmSync(reply);
  if (!outcome.ok) throw new Error(`could not ${what}: ${outcome.error}`);
  return outcome.value;
}

export const hands = {
  /** Keys as Playwright names them: 'F9', 'Control+G', 'Control+Alt+Enter'. */
  press: (keys: string) => ask({ do: 'press', keys }, `press ${keys}`),
  type: (text: string) => ask({ do: 'type', text }, `type ${JSON.stringify(text)}`),
  /** Ctrl+G, the line's number, Enter: the cursor to the start of a 1-based line. */
  goToLine: (line: number) => ask({ do: 'goToLine', line }, `go to line ${line}`),
  clickGutter: (line: number) => ask({ do: 'clickGutter', line }, `click the gutter at line ${line}`),
  /** F1, the entry's title, Enter. */
  palette: (entry: string) => ask({ do: 'palette', entry }, `run "${entry}" from the command palette`),
  notifications: async () => (await ask({ do: 'notifications' }, 'read the notifications')) as string[],
  clickNotificationButton: (label: string) =>
    ask({ do: 'clickNotificationButton', label }, `click "${label}" in a notification`),
  click: (selector: string, text?: string) =>
    ask({ do: 'click', selector, text }, `click ${selector}${text ? ` showing "${text}"` : ''}`),
  /** A right click: the context menu of what is under the pointer. */
  rightClick: (selector: string, text?: string) =>
    ask({ do: 'click', selector, text, button: 'right' }, `right-click ${selector}${text ? ` showing "${text}"` : ''}`),
  /**
   * What the command palette offers for `words` typed after F1: each entry's title, as shown once
   * the list has settled (two reads alike); the palette is closed again.
   */
  async paletteOffers(words: string): Promise<string[]> {
    await hands.press('F1');
    await hands.type(words);
    const titles = async () =>
      (
        (await ask(
          { do: 'text', selector: '.quick-input-widget .monaco-list-row .monaco-icon-label .label-name' },
          'read the palette',
        )) as string[]
      ).map((t) => t.replace(/\s+/g, ' ').trim());
    let last: string[] = [];
    await waitFor(async () => {
      const now = await titles();
      const settled = now.length > 0 && JSON.stringify(now) === JSON.stringify(last);
      last = now;
      return settled;
    }, `the palette's entries for "${words}"`);
    await hands.press('Escape');
    return last;
  },
  /** The text of each element the selector finds that is cut at its edge (wider than its box). */
  cutText: async (selector: string) =>
    (await ask({ do: 'cutText', selector }, `look for text cut at the edge of ${selector}`)) as string[],
  /** The labels a quick pick (the palette, a menu) offers now. */
  quickPickRows: async () =>
    (await ask({ do: 'text', selector: '.quick-input-widget .monaco-list-row' }, 'read the quick pick')) as string[],
  /** The rows of the quick pick once one of them shows `text` (it opens a moment after the click or key). */
  async quickPickOffering(text: string): Promise<string[]> {
    let rows: string[] = [];
    await waitFor(
      async () => (rows = await hands.quickPickRows()).some((r) => r.includes(text)),
      `a quick pick offering "${text}"`,
    );
    return rows;
  },
  /** Waits for an input box whose prompt shows `text`: keys pressed before it opens go elsewhere. */
  async inputAsking(text: string): Promise<void> {
    await waitFor(
      async () => (await hands.textOf('.quick-input-widget .quick-input-message')).some((m) => m.includes(text)),
      `an input box asking "${text}"`,
    );
  },
  /** The text of every element the selector finds, as the page shows it. */
  textOf: async (selector: string) => (await ask({ do: 'text', selector }, `read ${selector}`)) as string[],
  /** The aria-label of every element the selector finds (what a screen reader says of an icon). */
  labelsOf: async (selector: string) =>
    (await ask({ do: 'labels', selector }, `read the labels of ${selector}`)) as string[],
  screenshot: (path: string, of?: string[], maxHeight?: number) =>
    ask({ do: 'screenshot', path, of, maxHeight }, `take the screenshot ${path}`),
};
