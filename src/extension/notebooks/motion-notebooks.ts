import * as vscode from 'vscode';
import type { LuaDebugLink } from '../../api/runtime/lua/lua-debug-messages';
import type { DisplayItem, RunResult, SessionOutput } from '../../runner/script-session';
import {
  SKELETON_OUTPUT_MIME,
  SKELETON_RENDERER_ID,
  SKELETON_REQUEST_MIME,
  type FromSkeletonOutput,
  type ToSkeletonOutput,
} from '../../protocol/skeleton-output';
import { registerCommands } from '../commands/command-table';
import type { ExplorerItem } from '../skeletons-view/explorer-data';
import { revealSegment } from '../skeletons-view/reveal-segment';
import { describeFailure } from '../failure-text';
import type { MotionContext } from '../motion-context';
import { cellDebugCommands } from './cell-debugging';
import { cellName } from './cell-names';
import { skeletonOutput, type SkeletonRequest } from './skeleton-output';

/** The notebook types Motion runs: its own .motionbook, and Jupyter's .ipynb (VS Code's own serializer). */
export const MOTIONBOOK = 'motion-notebook';
const JUPYTER = 'jupyter-notebook';

/**
 * Runs notebook cells in the Motion sessions, the ones Run Selection and the Motion terminals use:
 * a variable set in a cell is there in the terminal, and back. One controller per notebook type.
 */
export function startNotebooks(ctx: MotionContext, explorerTree: vscode.TreeView<ExplorerItem>): NotebookOutputs {
  const outputs = followSkeletonOutputs(ctx, explorerTree);
  let order = 0;
  const controllers = new Map<string, vscode.NotebookController>();
  for (const [id, type] of [
    ['motion-notebook-sessions', MOTIONBOOK],
    ['motion-jupyter-sessions', JUPYTER],
  ] as const) {
    const controller = vscode.notebooks.createNotebookController(id, type, 'Motion');
    controller.description = 'Python and Lua in the Motion sessions';
    controller.detail = 'Cells share their variables with the Motion: Python and Motion: Lua terminals.';
    controller.supportedLanguages = ['python', 'lua'];
    controller.supportsExecutionOrder = true;
    controller.executeHandler = async (cells) => {
      for (const cell of cells) await runCell(ctx, controller, cell, ++order);
    };
    controller.interruptHandler = () => {
      ctx.parts.runner.interrupt('python');
      ctx.parts.runner.interrupt('lua');
    };
    ctx.own(controller);
    controllers.set(type, controller);
    // A .motionbook is Motion's own: its controller is the one it opens with.
    if (type === MOTIONBOOK)
      ctx.own(
        vscode.workspace.onDidOpenNotebookDocument((notebook) => {
          if (notebook.notebookType === MOTIONBOOK)
            controller.updateNotebookAffinity(notebook, vscode.NotebookControllerAffinity.Preferred);
        }),
      );
  }
  // Debug Cell runs the cell as Run does, from the file its debugger knows it by.
  registerCommands(
    ctx,
    cellDebugCommands((cell, file, link) =>
      runCell(ctx, controllers.get(cell.notebook.notebookType), cell, ++order, { file, link }),
    ),
  );
  return outputs;
}

/** What the 3D outputs of cells said: drawn (how many segments), a segment clicked. */
export interface NotebookOutputs {
  readonly heard: FromSkeletonOutput[];
  /** Does in the 3D outputs what a click on a segment's joint does. */
  click(skeleton: string, segment: string): Thenable<boolean>;
}

/** The 3D outputs' renderer: a segment clicked there is revealed in the Skeletons view, as the 3D view does. */
function followSkeletonOutputs(ctx: MotionContext, explorerTree: vscode.TreeView<ExplorerItem>): NotebookOutputs {
  const heard: FromSkeletonOutput[] = [];
  const messaging = vscode.notebooks.createRendererMessaging(SKELETON_RENDERER_ID);
  ctx.own(
    messaging.onDidReceiveMessage(async ({ message }: { message: FromSkeletonOutput }) => {
      heard.push(message);
      if (message.type !== 'reveal') return;
      const { source, segment } = message;
      try {
        await revealSegment(ctx.parts.explorer.data, explorerTree, { source, ...segment }, 'run the cell again');
      } catch (error) {
        void vscode.window.showErrorMessage(`Motion: could not find the segment: ${describeFailure(error)}`);
      }
    }),
  );
  return {
    heard,
    click: (skeleton, segment) =>
      messaging.postMessage({ type: 'click', skeleton, segment } satisfies ToSkeletonOutput),
  };
}

/** The skeletons a cell asked for, as a 3D output (and its text), or why they cannot be shown. */
async function skeletonItems(ctx: MotionContext, request: SkeletonRequest): Promise<vscode.NotebookCellOutputItem[]> {
  try {
    const output = await skeletonOutput(ctx.parts.connection.client(), request);
    const segments = output.skeletons.reduce((n, s) => n + s.calibrated.segments.length, 0);
    return [
      vscode.NotebookCellOutputItem.json(output, SKELETON_OUTPUT_MIME),
      vscode.NotebookCellOutputItem.text(`${output.title}: ${output.skeletons.length} skeletons, ${segments} segments`),
    ];
  } catch (error) {
    return [vscode.NotebookCellOutputItem.stderr(`show_skeleton: ${describeFailure(error)}\n`)];
  }
}

/**
 * Runs a cell in its language's session, its output and its displays in the cell. `debugged`: the
 * cell runs from that file (Debug Cell), its output naming the cell where it names the file; a Lua
 * cell under the debugger at the link's other end.
 */
async function runCell(
  ctx: MotionContext,
  controller: vscode.NotebookController | undefined,
  cell: vscode.NotebookCell,
  order: number,
  debugged?: { file: string; link?: LuaDebugLink },
): Promise<boolean> {
  if (!controller) throw new Error(`Motion does not run notebooks of type ${cell.notebook.notebookType}`);
  const execution = controller.createNotebookCellExecution(cell);
  execution.executionOrder = order;
  execution.start(Date.now());
  await execution.clearOutput();
  const language = cell.document.languageId;
  if (language !== 'python' && language !== 'lua') {
    await execution.replaceOutput(
      new vscode.NotebookCellOutput([
        vscode.NotebookCellOutputItem.stderr(`Motion runs Python and Lua cells, not ${language}.\n`),
      ]),
    );
    execution.end(false, Date.now());
    return false;
  }
  if (!vscode.workspace.isTrusted) {
    await execution.replaceOutput(
      new vscode.NotebookCellOutput([
        vscode.NotebookCellOutputItem.stderr(
          'Running code is disabled in Restricted Mode: trust this folder (Manage Workspace Trust) to run cells.\n',
        ),
      ]),
    );
    execution.end(false, Date.now());
    return false;
  }
  const stream = new StreamedOutput(execution, (request) => skeletonItems(ctx, request));
  const name = cellName(cell);
  const file = debugged?.file;
  const sink: SessionOutput = file ? (kind, text) => stream.sink(kind, text.split(file).join(name)) : stream.sink;
  execution.token.onCancellationRequested(() => ctx.parts.runner.interrupt(language));
  const result: RunResult = await ctx.parts.runner.runCell(
    language,
    cell.document.getText(),
    // A cell runs in its notebook's workspace folder (each folder's, in a multi-root workspace).
    {
      filename: file ?? name,
      line: 1,
      debugger: debugged?.link,
      cwd: vscode.workspace.getWorkspaceFolder(cell.notebook.uri)?.uri.fsPath,
    },
    sink,
    stream.display,
  );
  await stream.settled();
  execution.end(result.ok, Date.now());
  return result.ok;
}

/**
 * A run's output as the cell shows it: one output per stream run of text, grown as text arrives
 * (a long loop's prints appear as they are made), in the order they came.
 */
class StreamedOutput {
  private current: { stream: 'stdout' | 'stderr'; text: string; output: vscode.NotebookCellOutput } | undefined;
  private chain: Thenable<void> = Promise.resolve();

  constructor(
    private readonly execution: vscode.NotebookCellExecution,
    private readonly skeletons: (request: SkeletonRequest) => Promise<vscode.NotebookCellOutputItem[]>,
  ) {}

  readonly sink: SessionOutput = (kind, text) => {
    const stream = kind === 'stdout' ? 'stdout' : 'stderr';
    const item = (t: string) =>
      stream === 'stdout' ? vscode.NotebookCellOutputItem.stdout(t) : vscode.NotebookCellOutputItem.stderr(t);
    this.chain = this.chain.then(async () => {
      if (this.current?.stream === stream) {
        this.current.text += text;
        await this.execution.replaceOutputItems(item(this.current.text), this.current.output);
      } else {
        const output = new vscode.NotebookCellOutput([item(text)]);
        this.current = { stream, text, output };
        await this.execution.appendOutput(output);
      }
    });
  };

  /** A value or a figure: an output of its own, after what came before it. */
  readonly display = (items: DisplayItem[]) => {
    const request = items.find((i) => i.mime === SKELETON_REQUEST_MIME);
    this.chain = this.chain.then(async () => {
      this.current = undefined;
      // Skeletons asked for are read from the application here, and drawn by the renderer.
      const shown = request
        ? await this.skeletons(JSON.parse(request.data) as SkeletonRequest)
        : items.map((i) =>
            i.mime.startsWith('image/')
              ? new vscode.NotebookCellOutputItem(Buffer.from(i.data, 'base64'), i.mime)
              : vscode.NotebookCellOutputItem.text(i.data, i.mime),
          );
      await this.execution.appendOutput(new vscode.NotebookCellOutput(shown));
    });
  };

  settled(): Thenable<void> {
    return this.chain;
  }
}
