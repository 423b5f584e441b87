/**
 * How VS Code starts `motion mcp` for its assistants (an MCP server definition, VS Code 1.101 and
 * later): the installed extension's CLI run by VS Code's own runtime, connected to the application
 * Motion is connected to, in the workspace's folder. No `vscode` import: the tests start the very
 * process this describes and talk MCP to it.
 */
interface McpLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Changes with the application, so that VS Code offers to refresh the tools. */
  version: string;
}

export function motionMcpLaunch(options: {
  /** VS Code's runtime (Electron run as Node, or a server's Node). */
  runtime: string;
  /** dist/motion.js of the installed extension. */
  cli: string;
  /** The application Motion is connected to. */
  url: string;
  /** The workspace folder: snapshots, scripts and settings are read there. */
  folder?: string;
  extensionVersion: string;
}): McpLaunch {
  return {
    command: options.runtime,
    args: [options.cli, 'mcp', '--url', options.url, ...(options.folder ? ['--folder', options.folder] : [])],
    env: { ELECTRON_RUN_AS_NODE: '1' },
    version: `${options.extensionVersion}+${options.url}`,
  };
}
