/**
 * bench:start's starts of a real VS Code, each as a person meets it: the window opening on a motion
 * project (the status bar, `motion.` typed as soon as the editor shows, the Skeletons view opened as
 * soon as its icon shows, then Dry Run File), a plain project where `import motion` is typed, and
 * VS Code on its own on the same project (the bound of the workbench's own start).
 */
import type { Browser, Page } from 'playwright-core';
import { motionProject, plainProject, TOOL_RESULT, type Project } from './projects';
import { SIGHT, type Sight } from './sights';
import { breakdown, extensionHostMemory } from './breakdown';
import { openWorkbench, type Workbench } from './workbench';

/** Milliseconds, each from the moment named in its figure. */
export type Figures = Record<string, number>;

const WORKBENCH_MARK = 'code/didStartWorkbench';

/** VS Code on `project`, its script open, with `extensions` (none: VS Code alone), watching for `sights`. */
function openProject(browser: Browser, extensions: string, project: Project, sights: Sight[]): Promise<Workbench> {
  return openWorkbench({ extensions, open: project.folder, file: project.file, sights }, browser);
}
/** How long after its figures a start is left to settle before its memory is read. */
const SETTLE_MS = 2000;

async function workbenchStart(workbench: Workbench): Promise<number> {
  const started = await workbench.page
    .waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime, WORKBENCH_MARK, { polling: 20 })
    .then((h) => h.jsonValue());
  return started;
}

/** At the end of the active editor's text, on a line of its own. */
async function toNewLineAtEnd(page: Page): Promise<void> {
  await page.locator('.part.editor .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
}

/**
 * Types `text` (ending in its trigger character) until the list shows the sight `listed`, doing
 * what a person does when nothing comes: takes the trigger back and types it again. That is after a
 * second with no suggest widget (a `.` typed before any provider of completions for the language is
 * there, the extension host still starting, gets no list however long one waits), or once an open
 * widget has shown no list for three seconds (seen now and then in a motion project's start: the
 * widget opens, then closes without a list; not found yet). Taken back after half a second (as
 * before 28 November), a list already on its way was dropped. How many times it was typed again.
 */
async function typeUntilListed(workbench: Workbench, text: string, listed: string): Promise<number> {
  await workbench.page.keyboard.type(text);
  const within = (name: string, ms: number) =>
    workbench.seen([name], ms).then(
      () => true,
      () => false,
    );
  for (let again = 0; ; again++) {
    await workbench.watch([SIGHT.suggestWidget]);
    if ((await within('suggest', 1000)) && (await within(listed, 3000))) return again;
    await workbench.page.keyboard.press('Backspace');
    await workbench.page.keyboard.type(text.slice(-1));
  }
}

/**
 * VS Code without our extension, on the same project: the workbench, the script's text, and the
 * Git extension's branch in the status bar (VS Code's own extension host, started and showing).
 */
export async function bareStart(browser: Browser, extensionless: string): Promise<Figures> {
  const project = motionProject();
  const workbench = await openProject(browser, extensionless, project, [
    SIGHT.editorText('import motion'),
    SIGHT.gitBranch,
  ]);
  try {
    const workbenchAt = await workbenchStart(workbench);
    const { editor, branch } = await workbench.seen(['editor', 'branch']);
    await workbench.page.waitForTimeout(SETTLE_MS);
    const memory = extensionHostMemory(workbench.userData);
    return {
      workbench: workbenchAt,
      editor: editor - workbenchAt,
      branch: branch - workbenchAt,
      ...(memory ? { hostMiB: memory.host, childrenMiB: memory.children } : {}),
    };
  } finally {
    await workbench.close();
  }
}

/**
 * A motion project, its tool open: the status bar, and the first completion of `motion.` typed on a
 * new line as soon as the editor shows the script (each from the workbench's start).
 */
export async function motionStartCompletion(browser: Browser, extensions: string): Promise<Figures> {
  const project = motionProject();
  const workbench = await openProject(browser, extensions, project, [
    SIGHT.editorText('import motion'),
    SIGHT.motionStatus,
    // VS Code's own Git extension in the same start: Motion's status is to come no later.
    SIGHT.gitBranch,
  ]);
  try {
    const workbenchAt = await workbenchStart(workbench);
    const { editor } = await workbench.seen(['editor']);
    await workbench.watch([SIGHT.completion('settings')]);
    await toNewLineAtEnd(workbench.page);
    const retyped = await typeUntilListed(workbench, 'motion.', 'completion');
    const seen = await workbench.seen(['status', 'completion', 'branch']);
    await workbench.page.waitForTimeout(SETTLE_MS);
    const moments = breakdown(workbench.userData, (await workbench.timeOrigin()) + workbenchAt);
    const memory = extensionHostMemory(workbench.userData);
    return {
      workbench: workbenchAt,
      editor: editor - workbenchAt,
      status: seen.status - workbenchAt,
      completion: seen.completion - workbenchAt,
      branch: seen.branch - workbenchAt,
      retyped,
      ...(memory ? { hostMiB: memory.host, childrenMiB: memory.children } : {}),
      ...Object.fromEntries(moments.map(([what, at]) => [`· ${what}`, at])),
    };
  } finally {
    await workbench.close();
  }
}

/**
 * A motion project: the Skeletons view opened by its icon as soon as the icon shows, to its tree
 * (from the workbench's start); then Dry Run File from the palette, to its result in the Dry Run view
 * (from the Enter that ran it).
 */
export async function motionStartTreeAndDryRun(browser: Browser, extensions: string): Promise<Figures> {
  const project = motionProject();
  const workbench = await openProject(browser, extensions, project, [
    SIGHT.editorText('import motion'),
    SIGHT.motionStatus,
    SIGHT.skeletonsTree,
    { name: 'icon', selector: '.part.activitybar .action-item a[aria-label^="Motion"]' },
  ]);
  try {
    const workbenchAt = await workbenchStart(workbench);
    await workbench.seen(['icon']);
    await workbench.page.locator('.part.activitybar .action-item a[aria-label^="Motion"]').first().click();
    const seen = await workbench.seen(['tree', 'status']);
    // The script's editor again, then Dry Run File as a person runs it.
    await workbench.page.locator('.part.editor .monaco-editor .view-lines').first().click();
    await workbench.watch([SIGHT.dryRunResult(TOOL_RESULT)]);
    await workbench.page.keyboard.press('F1');
    await workbench.page.locator('.quick-input-widget .quick-input-box input').waitFor({ state: 'visible' });
    await workbench.page.keyboard.type('Motion: Dry Run File');
    await workbench.page
      .locator('.quick-input-widget .monaco-list-row.focused', { hasText: 'Motion: Dry Run File' })
      .waitFor({ state: 'visible' });
    const pressed = await workbench.now();
    await workbench.page.keyboard.press('Enter');
    const { dryRun } = await workbench.seen(['dryRun']);
    return { tree: seen.tree - workbenchAt, dryRun: dryRun - pressed };
  } finally {
    await workbench.close();
  }
}

/**
 * A plain Python project, its script open and Motion not started: `import motion` typed on a new
 * line, then `motion.` on the next, to the first completion (from the end of `import motion`).
 */
export async function plainImportCompletion(browser: Browser, extensions: string): Promise<Figures> {
  const project = plainProject();
  const workbench = await openProject(browser, extensions, project, [SIGHT.editorText('from analysis')]);
  try {
    await workbenchStart(workbench);
    await workbench.seen(['editor']);
    // The extension has looked at the workspace and found no use of motion by now: what a person meets.
    await workbench.page.waitForTimeout(3000);
    await workbench.watch([SIGHT.completion('settings')]);
    await toNewLineAtEnd(workbench.page);
    await workbench.page.keyboard.type('import motion');
    const typed = await workbench.now();
    await workbench.page.keyboard.press('Enter');
    const retyped = await typeUntilListed(workbench, 'motion.', 'completion');
    const { completion } = await workbench.seen(['completion']);
    await workbench.page.waitForTimeout(SETTLE_MS);
    // Where it went: Motion's start, from the end of `import motion` (the activation was long before).
    const moments = breakdown(workbench.userData, (await workbench.timeOrigin()) + typed).filter(([what]) =>
      what.startsWith('Motion: '),
    );
    return {
      importCompletion: completion - typed,
      retyped,
      ...Object.fromEntries(moments.map(([what, at]) => [`· ${what}`, at])),
    };
  } finally {
    await workbench.close();
  }
}
