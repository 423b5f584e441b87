import type { ConnectionState } from '../../../src/extension/connection/connection-state';
import type { MotionExtensionApi } from '../../../src/extension/extension';

/** Waits for an event whose value passes `accept` (checked first against the present, when `now` is given): tests wait on events, never on sleeps. */
export function until<T>(
  event: (listener: (value: T) => void) => { dispose(): void },
  accept: (value: T) => boolean,
  what: string,
  ms = 30_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (listener.dispose(), reject(new Error(`timed out waiting for ${what}`))), ms);
    const listener = event((value) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(value);
    });
  });
}

/** The connection's state once it passes `accept`: the present one if it does, else the next that does. */
export function connectionState(
  api: MotionExtensionApi,
  accept: (state: ConnectionState) => boolean,
  what: string,
  ms = 30_000,
): Promise<ConnectionState> {
  if (accept(api.connection.state)) return Promise.resolve(api.connection.state);
  return until(api.connection.onDidChange, accept, `${what} (state now ${JSON.stringify(api.connection.state)})`, ms);
}
