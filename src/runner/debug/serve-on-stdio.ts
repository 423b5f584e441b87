import { StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DebugAdapterLike } from './debug-adapter-like';

/** Hosts an adapter on this process's stdin and stdout: how tests and other editors run it. */
export function serveOnStdio(adapter: DebugAdapterLike): void {
  serveOnStreams(adapter, process.stdin, process.stdout);
  process.stdin.on('end', () => {
    adapter.dispose();
    process.exit(0);
  });
}

/** Hosts an adapter on a pair of streams (a socket's two ends, for instance). */
export function serveOnStreams(
  adapter: DebugAdapterLike,
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): void {
  const writer = new StreamMessageWriter(output);
  adapter.onDidSendMessage((message) => void writer.write(message as never));
  new StreamMessageReader(input).listen((message) =>
    adapter.handleMessage(message as unknown as DebugProtocol.ProtocolMessage),
  );
}
