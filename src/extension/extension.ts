import * as vscode from 'vscode';
import type { MotionExtensionApi } from './start-motion';
import { registerMotionbookSerializer } from './notebooks/motionbook-serializer';
import { MotionWorkspace } from './workspace/motion-workspace';
import { ScriptCompletion, NO_COMPLETION } from './workspace/script-completion';
import { COMMAND_INSTALL_COMMANDS, registerCommandInstall } from './workspace/motion-command-install';
import { LanguageServerProcesses } from './language-server-process';
import { MotionConfig } from './config';
import { ownEmbeddedServer } from './connection/own-embedded-server';

export type { MotionExtensionApi };

/** What the extension gives from activation on: whether Motion has started here, and why. */
export interface MotionStartApi {
  readonly started: boolean;
  /** What showed that the workspace uses motion (a script that imports it, a command run…). */
  readonly startReason: string | undefined;
  /** Resolves with the whole API once Motion has started (at once when it has). */
  whenStarted(): Promise<MotionExtensionApi>;
}

/** The extension's exports: MotionStartApi, and the whole MotionExtensionApi once Motion has started. */
export type MotionExports = MotionStartApi & Partial<MotionExtensionApi>;

let stopMotion: (() => Promise<void>) | undefined;

/**
 * The extension activates when a Python or Lua file, a notebook or a Motion command is opened, but
 * Motion starts only in a workspace that uses motion (MotionWorkspace says when): until then nothing
 * of it runs or shows, not the language server, the embedded server, the status bar, the tests, the
 * debugger or the views. Motion itself is a bundle of its own (dist/motion-main.js), loaded when it
 * starts. The activation returns once the workspace has been looked at: with Motion started if it
 * uses motion.
 */
export async function activate(extension: vscode.ExtensionContext): Promise<MotionExports> {
  const activatedAt = performance.now();
  const manifest = extension.extension.packageJSON as {
    contributes: {
      commands: { command: string; title: string; category?: string }[];
      configuration: { properties: Record<string, { scope?: string }> };
    };
  };
  // Our settings a folder may set (machine-scoped ones it cannot): one set there says the folder is Motion's.
  const folderSettings = Object.entries(manifest.contributes.configuration.properties)
    .filter(([, property]) => property.scope !== 'machine')
    .map(([key]) => key.replace(/^motion\./, ''));
  const workspace = new MotionWorkspace(folderSettings);
  extension.subscriptions.push(workspace);
  let starting: Promise<MotionExtensionApi> | undefined;
  const exports: MotionExports = {
    started: false,
    startReason: undefined,
    whenStarted: () => starting ?? nextStart,
  };
  // Whether what Motion starts for waits on the application first: the window opening on a project
  // that uses motion, or a Motion command run. Then the embedded server may start before Motion's
  // code loads (own-embedded-server.ts). Not when `import motion` is typed or a script opened in a
  // plain project: there the first wait is for completion, and the embedded server starting beside
  // the language server made that list come later (bench:start, 28 November).
  let connectionFirst = false;
  let startRequested: (reason: string) => void = () => undefined;
  const nextStart = new Promise<string>((resolve) => (startRequested = resolve)).then((reason) => start(reason));

  // Until Motion starts, each of its commands is a stand-in that starts it, then runs the command:
  // running a Motion command is saying that this workspace uses motion.
  const standIns = manifest.contributes.commands
    .filter(({ command }) => !COMMAND_INSTALL_COMMANDS.includes(command))
    .map(({ command, title, category }) =>
      vscode.commands.registerCommand(command, async (...args: unknown[]) => {
        connectionFirst = true;
        workspace.find(`the command “${category ? `${category}: ` : ''}${title}” was run`);
        await (starting ?? nextStart);
        return vscode.commands.executeCommand<unknown>(command, ...args);
      }),
    );
  extension.subscriptions.push(...standIns, ...registerCommandInstall(extension));
  const releaseCommands = () => {
    for (const standIn of standIns) standIn.dispose();
  };

  // Scripts' lists, from the language server; `motion.` typed right after `import motion` too.
  const scriptCompletion = new ScriptCompletion(workspace);
  extension.subscriptions.push(scriptCompletion);

  const start = (reason: string): Promise<MotionExtensionApi> =>
    (starting ??= (async () => {
      // The language server's process starts while Motion's code loads: the first completion waits for both.
      const languageServer = new LanguageServerProcesses(
        extension.asAbsolutePath('dist/language-server.js'),
        extension.globalState,
      );
      extension.subscriptions.push(languageServer);
      const config = new MotionConfig();
      extension.subscriptions.push(config);
      const started = await (async () => {
        // So does the embedded server, when it is sure to be needed (own-embedded-server.ts).
        const embedded = await ownEmbeddedServer(extension, config, connectionFirst);
        // A bundle of its own: a workspace that never uses motion never loads it.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const motion = require(extension.asAbsolutePath('dist/motion-main.js')) as typeof import('./start-motion');
        return motion.startMotion(
          extension,
          releaseCommands,
          (completion) => scriptCompletion.languageServerStarted(completion),
          activatedAt,
          () => languageServer.next(),
          config,
          embedded,
        );
      })().catch((error: unknown) => {
        // A start that failed has no list to give: the requests waiting for one get none.
        scriptCompletion.languageServerStarted(NO_COMPLETION);
        throw error;
      });
      stopMotion = () => started.stop();
      Object.assign(exports, started.api, { started: true, startReason: reason });
      return exports as MotionExtensionApi;
    })());

  extension.subscriptions.push(
    workspace.onDidFind((reason) => startRequested(reason)),
    registerMotionbookSerializer(() => workspace.find('a Motion notebook was opened')),
  );
  // What the activation's look finds, Motion starts for as the window opens (the start it asks for
  // runs before the look returns).
  connectionFirst = true;
  const reason = await workspace.lookAtWorkspace();
  connectionFirst = false;
  if (reason) await start(reason);
  return exports;
}

export async function deactivate(): Promise<void> {
  await stopMotion?.();
  stopMotion = undefined;
}
