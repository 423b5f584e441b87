import * as vscode from 'vscode';
import { motionMcpLaunch } from '../../runner/mcp-launch';
import type { MotionContext } from '../motion-context';

/** The parts of VS Code 1.101's MCP API used here (this extension builds against 1.100's types). */
interface McpApi {
  registerMcpServerDefinitionProvider(
    id: string,
    provider: {
      onDidChangeMcpServerDefinitions?: vscode.Event<void>;
      provideMcpServerDefinitions(): unknown[];
    },
  ): vscode.Disposable;
}
type McpStdioServerDefinitionClass = new (
  label: string,
  command: string,
  args?: string[],
  env?: Record<string, string>,
  version?: string,
) => { cwd?: vscode.Uri };

/**
 * Offers `motion mcp` to VS Code's assistants as an MCP server (contributes.mcpServerDefinitionProviders
 * from 1.101; 1.100 has the same API early, under contributes.modelContextServerCollections),
 * connected to the application Motion is connected to: the definition changes when the connection
 * does. The language-model tools (language-model-tools.ts) are offered beside it, and alone where
 * the API is missing or refuses. Returns whether it was offered.
 */
export function offerMcpServer(ctx: MotionContext): boolean {
  const lm = vscode.lm as unknown as Partial<McpApi>;
  const Definition = (vscode as unknown as { McpStdioServerDefinition?: McpStdioServerDefinitionClass })
    .McpStdioServerDefinition;
  if (typeof lm.registerMcpServerDefinitionProvider !== 'function' || !Definition) return false;
  const { connection } = ctx.parts;
  const changed = new vscode.EventEmitter<void>();
  let registration: vscode.Disposable;
  try {
    registration = register(lm.registerMcpServerDefinitionProvider.bind(lm), Definition);
  } catch (error) {
    // An API of another shape than 1.101's (1.100 had an early one): the language-model tools remain.
    ctx.parts.log.warn(`motion mcp is not offered to VS Code's assistants: ${(error as Error).message}`);
    changed.dispose();
    return false;
  }
  ctx.own(
    changed,
    registration,
    connection.onDidChange((state) => state.kind === 'connected' && changed.fire()),
  );
  return true;

  function register(
    registerProvider: McpApi['registerMcpServerDefinitionProvider'],
    Definition: McpStdioServerDefinitionClass,
  ): vscode.Disposable {
    return registerProvider('motion', {
      onDidChangeMcpServerDefinitions: changed.event,
      provideMcpServerDefinitions: () => {
        const state = connection.state;
        const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
        const launch = motionMcpLaunch({
          runtime: process.execPath,
          cli: ctx.extension.asAbsolutePath('dist/motion.js'),
          url: state.url,
          folder: folder?.scheme === 'file' ? folder.fsPath : undefined,
          extensionVersion: String((ctx.extension.extension.packageJSON as { version: string }).version),
        });
        const definition = new Definition('Motion', launch.command, launch.args, launch.env, launch.version);
        if (folder?.scheme === 'file') definition.cwd = folder;
        return [definition];
      },
    });
  }
}
