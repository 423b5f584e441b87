import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Event } from 'vscode-jsonrpc';

/**
 * What VS Code's inline debug adapters are (vscode.DebugAdapter), without importing vscode: the
 * extension hands one to VS Code, and the tests host the same object on a stream.
 */
export interface DebugAdapterLike {
  readonly onDidSendMessage: Event<DebugProtocol.ProtocolMessage>;
  handleMessage(message: DebugProtocol.ProtocolMessage): void;
  dispose(): void;
}
