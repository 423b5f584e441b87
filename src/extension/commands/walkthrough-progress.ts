import * as vscode from 'vscode';
import type { MotionContext } from '../motion-context';
import type { ExplorerItem } from '../skeletons-view/explorer-data';

/** A step of the walkthrough, done: the context key its `onContext` completion event waits for. */
type Step = 'connected' | 'browsed' | 'wrote' | 'ran' | 'debugged' | 'saw3d';

/**
 * How long a step's context key stays true once it is done: briefly, since a key that is true at
 * the moment VS Code registers the walkthrough is lost for that window (see below).
 */
const PULSE_MS = 200;
/** Nothing is said this soon after activation: VS Code may be registering the walkthrough just then. */
const QUIET_MS = 3_000;
/**
 * When, after a Welcome or walkthrough page opens or comes to the front, the steps done so far are
 * said again: VS Code creates its walkthrough service when such a page first opens (not at start-up
 * when the Welcome page is off), and a step done before then was said to nobody.
 */
const AFTER_PAGE_OPENS_MS = [1_000, 3_000, 6_000, 10_000];
/** When, after activation, the steps done so far are said again. */
const REPLAY_AFTER_MS = [QUIET_MS, 10_000, 30_000, 90_000];

/**
 * Ticks the walkthrough's steps however a person does them: a key (Ctrl+Alt+Enter, F5), a view
 * opened from the activity bar, the eye button, a script typed by hand, not only the step's own
 * button (`onCommand` sees only that). VS Code keeps a step ticked once it is.
 *
 * Why pulses: VS Code registers walkthroughs late in start-up (when, an extension cannot know), and
 * takes a step whose context key is already true then as seen, never to be ticked in that window.
 * So a key is true only briefly when its step is done, never in the first seconds after activation
 * (the walkthrough may be registered just then, while the connection is made), and the steps done
 * so far are said again a few times after that and whenever a Welcome or walkthrough page opens.
 */
export function followWalkthrough(ctx: MotionContext, explorerTree: vscode.TreeView<ExplorerItem>): void {
  const done = new Set<Step>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, then: () => void) => {
    const timer = setTimeout(() => (timers.delete(timer), then()), ms);
    timers.add(timer);
  };
  const say = (step: Step, value: boolean) =>
    void vscode.commands.executeCommand('setContext', `motion.walkthrough.${step}`, value);
  const startedAt = Date.now();
  const pulse = (step: Step) => {
    if (Date.now() - startedAt < QUIET_MS) return; // said at the first replay
    say(step, true);
    later(PULSE_MS, () => say(step, false));
  };
  const tick = (step: Step) => {
    if (done.has(step)) return;
    done.add(step);
    pulse(step);
  };
  for (const ms of REPLAY_AFTER_MS) later(ms, () => done.forEach(pulse));

  const { connection, runner, skeletonViews } = ctx.parts;
  if (connection.state.kind === 'connected') tick('connected');
  if (explorerTree.visible) tick('browsed');
  const isScript = (document: vscode.TextDocument) => document.languageId === 'python' || document.languageId === 'lua';
  // A new script (New Script, or an untitled one) that uses motion counts as writing one.
  const newScript = vscode.workspace.onDidOpenTextDocument((document) => {
    if (document.isUntitled && isScript(document) && document.getText().includes('motion')) tick('wrote');
  });
  // Only the lines an edit touched are read (a long script is not read whole on every key).
  const typing = vscode.workspace.onDidChangeTextDocument(({ document, contentChanges }) => {
    if (!isScript(document)) return;
    const touched = contentChanges.some(
      (c) => c.text.includes('motion') || document.lineAt(c.range.start.line).text.includes('motion'),
    );
    if (!touched) return;
    tick('wrote');
    typing.dispose(); // once is enough
  });
  // A page opening may be what registers the walkthrough: said a moment later, not while it does.
  const isWalkthroughPage = (tab: vscode.Tab) => /^(Walkthrough|Welcome)\b/.test(tab.label);
  const walkthroughOpened = vscode.window.tabGroups.onDidChangeTabs(({ opened, changed }) => {
    if (opened.some(isWalkthroughPage) || changed.some((tab) => tab.isActive && isWalkthroughPage(tab)))
      for (const ms of AFTER_PAGE_OPENS_MS) later(ms, () => done.forEach(pulse));
  });
  ctx.own(
    { dispose: () => timers.forEach(clearTimeout) },
    walkthroughOpened,
    newScript,
    typing,
    connection.onDidChange((state) => state.kind === 'connected' && tick('connected')),
    explorerTree.onDidChangeVisibility((e) => e.visible && tick('browsed')),
    runner.onDidStartRun(() => tick('ran')),
    vscode.debug.onDidStartDebugSession((session) => session.type === 'motion' && tick('debugged')),
    skeletonViews.onDidShow(() => tick('saw3d')),
  );
}
