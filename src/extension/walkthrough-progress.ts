import * as vscode from 'vscode';
import type { MotionContext } from './motion-context';
import type { ExplorerItem } from './explorer/explorer-data';

/** A step of the walkthrough, done: the context key its `onContext` completion event waits for. */
type Step = 'connected' | 'browsed' | 'wrote' | 'ran' | 'debugged' | 'saw3d';

/**
 * How long after activation a step done is held back. VS Code registers walkthroughs late in
 * start-up, and a step whose context key is already true then is taken as seen, never ticked.
 */
const REGISTRATION_GRACE_MS = 5_000;

/**
 * Ticks the walkthrough's steps however a person does them: a key (Ctrl+Alt+Enter, F5), a view
 * opened from the activity bar, the eye button, a script typed by hand, not only the step's own
 * button (`onCommand` sees only that). VS Code keeps a step ticked once it is.
 */
export function followWalkthrough(ctx: MotionContext, explorerTree: vscode.TreeView<ExplorerItem>): void {
  const done = new Set<Step>();
  let held: Step[] | undefined = [];
  const show = (step: Step) => void vscode.commands.executeCommand('setContext', `motion.walkthrough.${step}`, true);
  const tick = (step: Step) => {
    if (done.has(step)) return;
    done.add(step);
    if (held) held.push(step);
    else show(step);
  };
  const grace = setTimeout(() => {
    held?.forEach(show);
    held = undefined;
  }, REGISTRATION_GRACE_MS);
  const { connection, runner, skeletonViews } = ctx.parts;
  if (connection.state.kind === 'connected') tick('connected');
  if (explorerTree.visible) tick('browsed');
  const typing = vscode.workspace.onDidChangeTextDocument(({ document }) => {
    if ((document.languageId !== 'python' && document.languageId !== 'lua') || !document.getText().includes('motion'))
      return;
    tick('wrote');
    typing.dispose(); // once is enough: no more reading whole documents on every key
  });
  ctx.own(
    { dispose: () => clearTimeout(grace) },
    typing,
    connection.onDidChange((state) => state.kind === 'connected' && tick('connected')),
    explorerTree.onDidChangeVisibility((e) => e.visible && tick('browsed')),
    runner.onDidStartRun(() => tick('ran')),
    vscode.debug.onDidStartDebugSession((session) => session.type === 'motion' && tick('debugged')),
    skeletonViews.onDidShow(() => tick('saw3d')),
  );
}
