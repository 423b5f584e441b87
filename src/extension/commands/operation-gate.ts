import type { MotionContext } from '../motion-context';
import { missingOperations } from './command-needs';

/**
 * Before a command that changes the application starts: does the connected application have every
 * operation it calls? Its own documentation says (the index every reader shares); a command that
 * would stop half way is refused up front, naming what is missing. Documentation that is not the
 * application's own (the bundled one) cannot say: no refusal.
 */
export class OperationGate {
  constructor(private readonly ctx: MotionContext) {}

  async refuseWhenLacking(command: string, title: string): Promise<void> {
    const { connection } = this.ctx.parts;
    const { state } = connection;
    // Commands that call nothing of ours are never refused; nor any while no application is connected.
    if (state.kind !== 'connected' || missingOperations(command, () => false).length === 0) return;
    const index = await this.ctx.parts.documentation().catch(() => undefined);
    if (!index || index.source.kind !== 'live') return;
    const missing = missingOperations(command, (path) => index.method(path) !== undefined);
    if (missing.length === 0) return;
    const shown = missing.slice(0, 3).join(', ') + (missing.length > 3 ? ` and ${missing.length - 3} more` : '');
    throw new Error(
      `${title} needs ${shown}, which the application at ${state.url} (${state.version}) does not have: nothing was changed`,
    );
  }
}
