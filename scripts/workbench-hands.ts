/**
 * A person's hands on the workbench, for the real-VS-Code tests: keys, clicks, the command
 * palette, what a notification says, a picture. The tests run in the extension host, which cannot
 * touch the browser; they log `MOTION_HANDS <json>` and the harness, which holds the page, does it
 * here and writes the outcome to the file the request names (test/vscode/suite/hands.ts waits for it).
 */
import { renameSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';

/** What a test can ask for. Lines are 1-based, as the editor shows them. */
export type HandsAction =
  | { do: 'press'; keys: string }
  | { do: 'type'; text: string }
  | { do: 'clickGutter'; line: number }
  /** Ctrl+G, the line's number once the box is there, Enter: the cursor to the start of the line. */
  | { do: 'goToLine'; line: number }
  | { do: 'palette'; entry: string }
  | { do: 'notifications' }
  | { do: 'clickNotificationButton'; label: string }
  | { do: 'text'; selector: string }
  /** The text of each element the selector finds that is wider than its box: cut at the edge a person sees. */
  | { do: 'cutText'; selector: string }
  /** What a screen reader says of each element the selector finds (icons have no text): its aria-label. */
  | { do: 'labels'; selector: string }
  /** A click on the first element the selector finds that shows `text` (all of it when omitted). */
  | { do: 'click'; selector: string; text?: string; button?: 'left' | 'right' }
  /**
   * A picture: of the whole window, or of the part that the elements `of` cover together (the
   * first of each selector), at most `maxHeight` pixels tall: a picture shown at its own size
   * reads; a whole window shrunk into a walkthrough does not.
   */
  | { do: 'screenshot'; path: string; of?: string[]; maxHeight?: number };

export type HandsRequest = { reply: string; action: HandsAction };
export type HandsReply = { ok: true; value?: unknown } | { ok: false; error: string };

const PREFIX = 'MOTION_HANDS ';

/** The request in a logged line, if the line is one. */
export function handsRequest(line: string): HandsRequest | undefined {
  return line.startsWith(PREFIX) ? (JSON.parse(line.slice(PREFIX.length)) as HandsRequest) : undefined;
}

/** Does what the request asks and writes the outcome (atomically: the test reads it once it exists). */
export async function serveHands(page: Page, request: HandsRequest): Promise<void> {
  let reply: HandsReply;
  try {
    reply = { ok: true, value: await perform(page, request.action) };
  } catch (error) {
    reply = { ok: false, error: (error as Error).message };
  }
  writeFileSync(`${request.reply}.part`, JSON.stringify(reply));
  renameSync(`${request.reply}.part`, request.reply);
}

const ACTIVE_EDITOR = '.editor-group-container.active .monaco-editor';

async function perform(page: Page, action: HandsAction): Promise<unknown> {
  switch (action.do) {
    case 'press':
      return page.keyboard.press(action.keys);
    case 'type':
      return page.keyboard.type(action.text);
    case 'clickGutter':
      return clickGutter(page, action.line);
    case 'goToLine':
      await page.keyboard.press('Control+G');
      await quickInput(page);
      await page.keyboard.type(String(action.line));
      return page.keyboard.press('Enter');
    case 'palette':
      return runPaletteEntry(page, action.entry);
    case 'notifications':
      return page.locator('.notifications-toasts .notification-toast').allInnerTexts();
    case 'clickNotificationButton':
      return page
        .locator('.notifications-toasts .notification-toast')
        .getByRole('button', { name: action.label, exact: true })
        .first()
        .click();
    case 'text':
      return page.locator(action.selector).allInnerTexts();
    case 'cutText':
      return page
        .locator(action.selector)
        .evaluateAll((found: { scrollWidth: number; clientWidth: number; textContent: string | null }[]) =>
          found.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? ''),
        );
    case 'labels':
      return page
        .locator(action.selector)
        .evaluateAll((found: { getAttribute(name: string): string | null }[]) =>
          found.map((e) => e.getAttribute('aria-label') ?? ''),
        );
    case 'click':
      return page
        .locator(action.selector, action.text === undefined ? {} : { hasText: action.text })
        .first()
        .click({ timeout: 10_000, button: action.button ?? 'left' });
    case 'screenshot': {
      const clip = action.of ? await coveredBy(page, action.of, action.maxHeight) : undefined;
      await page.screenshot({ path: `${action.path}.part`, type: 'png', clip });
      return renameSync(`${action.path}.part`, action.path);
    }
  }
}

/** Waits until the quick input (the palette, Go to Line) is open, so that what is typed goes there. */
function quickInput(page: Page): Promise<void> {
  return page.locator('.quick-input-widget .quick-input-box input').waitFor({ state: 'visible', timeout: 10_000 });
}

/** A click in the active editor's glyph margin, beside the line's number: where a person sets a breakpoint. */
async function clickGutter(page: Page, line: number): Promise<void> {
  const editor = page.locator(ACTIVE_EDITOR).first();
  const number = editor.locator('.margin-view-overlays .line-numbers', { hasText: new RegExp(`^\\s*${line}\\s*$`) });
  const numberBox = await box(number.first(), `line ${line}'s number in the active editor`);
  const glyphs = await box(editor.locator('.margin .glyph-margin').first(), 'the glyph margin');
  await page.mouse.move(glyphs.x + glyphs.width / 2, numberBox.y + numberBox.height / 2);
  await page.mouse.click(glyphs.x + glyphs.width / 2, numberBox.y + numberBox.height / 2);
}

/** F1, the entry's title typed, then down to that entry (a similar one may come first) and Enter. */
async function runPaletteEntry(page: Page, entry: string): Promise<void> {
  await page.keyboard.press('F1');
  await quickInput(page);
  await page.keyboard.type(entry);
  const labels = page.locator('.quick-input-widget .monaco-list-row .monaco-icon-label .label-name');
  const offered = async () =>
    (await labels.allInnerTexts().catch(() => [] as string[])).map((t) => t.replace(/\s+/g, ' ').trim());
  const deadline = Date.now() + 10_000;
  let shown = await offered();
  while (!shown.includes(entry)) {
    if (Date.now() > deadline)
      throw new Error(`the palette does not offer "${entry}" (it offers ${JSON.stringify(shown)})`);
    await page.waitForTimeout(50);
    shown = await offered();
  }
  // As a person does when a similar entry comes first (one used recently): down to the one meant,
  // checking that it is the one in focus before Enter, since the list may still be settling.
  const focused = page.locator('.quick-input-widget .monaco-list-row.focused .monaco-icon-label .label-name');
  const inFocus = async () =>
    ((await focused.allInnerTexts().catch(() => [] as string[]))[0] ?? '').replace(/\s+/g, ' ').trim();
  for (let tries = 0; (await inFocus()) !== entry; tries++) {
    if (tries > 40) throw new Error(`the palette's focus did not reach "${entry}" (it is on "${await inFocus()}")`);
    shown = await offered();
    const want = shown.indexOf(entry);
    const at = shown.indexOf(await inFocus());
    await page.keyboard.press(want >= 0 && at >= 0 && want < at ? 'ArrowUp' : 'ArrowDown');
  }
  await page.keyboard.press('Enter');
}

/** The rectangle the elements cover together. */
async function coveredBy(page: Page, selectors: string[], maxHeight = Infinity) {
  const boxes = await Promise.all(selectors.map((s) => box(page.locator(s).first(), s)));
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.min(Math.max(...boxes.map((b) => b.y + b.height)), y + maxHeight);
  return { x, y, width: right - x, height: bottom - y };
}

async function box(locator: Locator, what: string): Promise<{ x: number; y: number; width: number; height: number }> {
  await locator.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {
    throw new Error(`${what} is not on the screen`);
  });
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${what} has no place on the screen`);
  return found;
}
