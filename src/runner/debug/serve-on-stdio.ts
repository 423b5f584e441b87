import { StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DebugAdapterLike } from './debug-adapter-like';

/** Hosts an adapter on this process's stdin and stdout: how tests and other editors run it. */
export function serveOnStdio(adapter: DebugAdapterLike): void {
  const writer = new StreamMessageWriter(process.stdout);
  adapter.onDidSendMessage((message) => void writer.write(message as never));
  new StreamMessageReader(process.stdin).listen((message) =>
    adapter.handleMessage(message as unknown as DebugProtocol.ProtocolMessage),
  );
  process.stdin.on('end', () => {
    adapter.dispose();
    process.exit(0);
  });
}
