import * as vscode from 'vscode';
import { until } from './wait';

/** The `stopped` events of motion debug sessions, as the debugger's UI receives them. */
export function watchStops(): { next(): Promise<{ session: vscode.DebugSession; reason: string }>; dispose(): void } {
  const emitter = new vscode.EventEmitter<{ session: vscode.DebugSession; reason: string }>();
  const registration = vscode.debug.registerDebugAdapterTrackerFactory('motion', {
    createDebugAdapterTracker: (session) => ({
      onDidSendMessage: (message: { type: string; event?: string; body?: { reason: string } }) => {
        if (message.type === 'event' && message.event === 'stopped')
          emitter.fire({ session, reason: message.body!.reason });
      },
    }),
  });
  return {
    next: () => until(emitter.event, () => true, 'the debugger to stop'),
    dispose: () => (registration.dispose(), emitter.dispose()),
  };
}
