import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { debugpyStatus, missingDebugpyMessage } from '../../runner/debug/debugpy-check';
import { debugpyCandidates, firstWithDebugpy } from '../../runner/debug/debugpy-search';
import {
  programLanguage,
  scriptLaunch,
  selectionScript,
  type MotionAttachConfiguration,
  type MotionLaunchConfiguration,
} from '../../runner/debug/motion-launch';
import { LuaDebugSession } from '../../runner/debug/lua-debug-session';
import { luaApplicationRun } from '../../runner/debug/lua-application-link';
import { PythonDebugAdapter } from '../../runner/debug/python-debug-adapter';
import { pythonSupportDir } from '../../api/runtime/python-support';
import { luaRunToAttach } from '../notebooks/cell-debugging';
import { ATTACH_TO_APPLICATION, resolveApplicationAttach } from './application-attach';
import { codeAtSelection } from '../../runner/code-to-run';
import type { CommandTable } from '../commands/command-table';
import type { MotionContext } from '../motion-context';
import { choosePython, DEFAULT_PYTHON, pythonExtensionInterpreter } from '../run/python-interpreter';
import { prompts } from '../prompts';
import { trustedToRun } from '../run/workspace-trust';
import { editorSelection } from '../run/script-runner';

/** The `motion` debug type: configurations completed from the connection and the settings, and its adapters. */
export function startDebugging(ctx: MotionContext): void {
  ctx.own(
    vscode.debug.registerDebugConfigurationProvider('motion', new MotionDebugConfigurations(ctx)),
    vscode.debug.registerDebugAdapterDescriptorFactory('motion', {
      createDebugAdapterDescriptor: (session) => {
        if (session.configuration.request === 'attach') {
          // Debug Cell: debugpy in the Python session, reached on its port; or the cell's run in the Lua session.
          const config = session.configuration as MotionAttachConfiguration;
          if (config.language === 'lua' && config.application === true)
            return new vscode.DebugAdapterInlineImplementation(
              new LuaDebugSession(luaApplicationRun(String(config.host), config.port!)),
            );
          return new vscode.DebugAdapterInlineImplementation(
            config.language === 'lua'
              ? new LuaDebugSession(luaRunToAttach(config))
              : PythonDebugAdapter.attachedTo(
                  { port: config.port!, host: config.host as string | undefined, cells: config.cells },
                  pythonSupportDir(),
                ),
          );
        }
        const config = session.configuration as MotionLaunchConfiguration;
        // Lua runs in the extension host (a worker of its own); Python in debugpy's adapter process.
        return new vscode.DebugAdapterInlineImplementation(
          programLanguage(config.program) === 'lua'
            ? new LuaDebugSession()
            : new PythonDebugAdapter(config.python ?? DEFAULT_PYTHON, pythonSupportDir()),
        );
      },
    }),
  );
}

class MotionDebugConfigurations implements vscode.DebugConfigurationProvider {
  constructor(private readonly ctx: MotionContext) {}

  /** F5 with no launch.json debugs the script in the editor; every configuration gets its defaults. */
  resolveDebugConfiguration(
    folder: vscode.WorkspaceFolder | undefined,
    given: vscode.DebugConfiguration,
  ): vscode.DebugConfiguration | undefined {
    if (given.request === 'attach') {
      // Made by Debug Cell, which names the session's port; launch.json has no way to know it.
      if (Array.isArray(given.cells) || given.application === true) return given;
      void vscode.window.showErrorMessage(
        'Motion: a motion debug session attaches to the application ("application": true: Attach to the Application) or to a notebook cell (Debug Cell); use "request": "launch" to debug a script.',
      );
      return undefined;
    }
    let config = given as MotionLaunchConfiguration;
    if (!given.type && !given.request && !given.name) {
      const document = vscode.window.activeTextEditor?.document;
      if (!document || document.uri.scheme !== 'file' || !programLanguage(document.fileName)) {
        void vscode.window.showWarningMessage('Motion: open a Python or Lua script to debug it.');
        return undefined;
      }
      config = scriptLaunch(document.fileName);
    }
    if (!trustedToRun('debugging')) return undefined;
    if (!config.program) {
      void vscode.window.showErrorMessage('Motion: the debug configuration names no program (a .py or .lua script).');
      return undefined;
    }
    return {
      ...config,
      cwd: config.cwd ?? folder?.uri.fsPath ?? dirname(config.program),
      serverUrl: config.serverUrl ?? this.ctx.parts.connection.state.url,
    };
  }

  /** After ${file} and friends are substituted: which engine, and for Python, an interpreter that has debugpy. */
  async resolveDebugConfigurationWithSubstitutedVariables(
    _folder: vscode.WorkspaceFolder | undefined,
    config: vscode.DebugConfiguration,
  ): Promise<vscode.DebugConfiguration | undefined> {
    if (config.request === 'attach')
      return config.application === true && !Array.isArray(config.cells)
        ? resolveApplicationAttach(this.ctx, config)
        : config;
    const program = String(config.program);
    const language = programLanguage(program);
    if (!language) {
      void vscode.window.showErrorMessage(`Motion: ${program} is not a Python (.py) or Lua (.lua) script.`);
      return undefined;
    }
    if (language !== 'python') return config;
    const python = await debuggablePython(this.ctx, program, config.python as string | undefined);
    return typeof python === 'string' ? { ...config, python } : undefined;
  }
}

/**
 * The interpreter a Python script is debugged with: the one Run uses when it has debugpy. When it
 * lacks it, another that has it (debugpy-search): taken at once when nobody chose an interpreter
 * (python3 by default), offered beside the install command when somebody did. Otherwise the message
 * shown (what is missing where, and the exact install command, offered to run in a terminal).
 */
async function debuggablePython(
  ctx: MotionContext,
  program: string,
  configured: string | undefined,
): Promise<string | { error: string }> {
  const extensionChoice = await pythonExtensionInterpreter(vscode.Uri.file(program));
  // The one Run uses: the setting, a choice for the folder, an environment beside the script, the Python extension's.
  const runs = await choosePython(ctx.parts.config.pythonPath, vscode.Uri.file(program));
  const chosen = configured || (runs.source === 'default' ? undefined : runs.python);
  const python = chosen || DEFAULT_PYTHON;
  // python3 taken by default and python3 chosen by name are answered apart: only a choice is asked about.
  const key = chosen ? python : `default ${python}`;
  // Only a yes is kept, so that a retry after installing debugpy asks afresh; a choice holds for the window.
  const withDebugpy = ctx.parts.debugInterpreters;
  const known = withDebugpy.get(key);
  if (known) return known;
  const status = await debugpyStatus(python);
  if (status.installed) {
    withDebugpy.set(key, status.executable);
    return status.executable;
  }
  const message = missingDebugpyMessage(status);
  const other = await firstWithDebugpy(debugpyCandidates(extensionChoice), [python, status.executable]);
  const install = 'Install debugpy in a Terminal';
  const runInstall = () => {
    // The command itself as the terminal's process, no shell in between: nothing to quote for
    // PowerShell, cmd or bash, and its exit code is shown when it ends.
    const [program, ...args] = status.installArgs;
    const terminal = vscode.window.createTerminal({ name: 'Install debugpy', shellPath: program, shellArgs: args });
    terminal.show();
  };
  if (other && !chosen) {
    ctx.parts.log.info(`debugging Python with ${other.executable}: ${python} (${status.executable}) has no debugpy`);
    vscode.window.setStatusBarMessage(`Motion: debugging with ${other.executable} (${python} has no debugpy)`, 15_000);
    withDebugpy.set(key, other.executable);
    return other.executable;
  }
  if (other) {
    const useOther = `Debug with ${other.executable}`;
    const choice = await prompts().decide(
      `debugpy is not installed in ${status.executable}, which runs your scripts`,
      status.problem ? [useOther] : [useOther, install],
      `${other.executable} has debugpy: debug with it in this window (Run keeps ${python})\n` +
        (status.problem ? status.problem : `or install debugpy where your scripts run: ${status.installCommand}`),
    );
    if (choice === useOther) {
      withDebugpy.set(key, other.executable);
      return other.executable;
    }
    if (choice === install) runInstall();
    return { error: message };
  }
  void vscode.window.showErrorMessage(message, ...(status.problem ? [] : [install])).then((choice) => {
    if (choice === install) runInstall();
  });
  return { error: message };
}

/** Starts a debug session; says `{started: false, error}` (the message the user saw) when it cannot. */
async function startScriptDebugging(
  ctx: MotionContext,
  document: vscode.TextDocument,
  config: MotionLaunchConfiguration,
): Promise<{ started: boolean; error?: string }> {
  if (!trustedToRun('debugging')) return { started: false, error: 'Restricted Mode does not run code' };
  if (programLanguage(config.program) === 'python') {
    const python = await debuggablePython(ctx, config.program, undefined);
    if (typeof python !== 'string') return { started: false, ...python };
  }
  const folder = vscode.workspace.getWorkspaceFolder(document.uri);
  return { started: await vscode.debug.startDebugging(folder, config) };
}

/** Debug File and Debug Selection or Statement. */
export const debugCommands: CommandTable = {
  'motion.attachToApplication': () => () =>
    vscode.debug.startDebugging(vscode.workspace.workspaceFolders?.[0], { ...ATTACH_TO_APPLICATION }),
  'motion.debugFile': (ctx) => async (uri?: vscode.Uri) => {
    const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
    if (!document || document.uri.scheme !== 'file' || !programLanguage(document.fileName))
      return void vscode.window.showWarningMessage('Motion: open a Python or Lua script saved in a file to debug it.');
    if (document.isDirty) await document.save();
    return startScriptDebugging(ctx, document, scriptLaunch(document.fileName));
  },
  'motion.debugSelection': (ctx) => async () => {
    const editor = vscode.window.activeTextEditor;
    const document = editor?.document;
    const language = document && document.uri.scheme === 'file' ? programLanguage(document.fileName) : undefined;
    if (!editor || !document || !language)
      return void vscode.window.showWarningMessage('Motion: open a Python or Lua script saved in a file to debug it.');
    const lines = document.getText().split(/\r?\n/);
    const part = codeAtSelection(lines, editorSelection(editor.selection), language);
    // A copy at the same lines, beside nothing else: the debugger stops on its first line.
    const dir = await mkdtemp(join(tmpdir(), 'motion-selection-'));
    const program = join(dir, basename(document.fileName));
    await writeFile(program, selectionScript(part.code, part.line));
    // The copy goes when its session ends (or at once, if none started).
    const removeCopy = () => void rm(dir, { recursive: true, force: true });
    const ended = vscode.debug.onDidTerminateDebugSession((session) => {
      if ((session.configuration as MotionLaunchConfiguration).program !== program) return;
      ended.dispose();
      removeCopy();
    });
    ctx.own(ended);
    const outcome = await startScriptDebugging(ctx, document, {
      ...scriptLaunch(program, `Debug selection of ${basename(document.fileName)}`),
      cwd: dirname(document.fileName),
      stopOnEntry: true,
    });
    if (!outcome.started) {
      ended.dispose();
      removeCopy();
    }
    return outcome;
  },
};
