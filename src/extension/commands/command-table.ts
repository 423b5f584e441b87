import * as vscode from 'vscode';
import { reportFailure } from '../failures';
import type { MotionContext } from '../motion-context';
import { OperationGate } from './operation-gate';

/**
 * A command is made from the extension's context (vscode-go's command factories): the handler
 * reaches the parts it needs through `ctx`. Every command of the extension is in one table.
 */
type CommandFactory = (ctx: MotionContext) => (...args: never[]) => unknown;
export type CommandTable = Record<string, CommandFactory>;

/** What a command that failed returns to its caller (tests, automation): the message the user saw. */
interface CommandFailure {
  changed: false;
  error: string;
}

/**
 * Registers every command of `tables`; a command that throws is reported and returns a
 * CommandFailure. A command that needs an operation the application lacks is refused before it starts.
 */
export function registerCommands(ctx: MotionContext, ...tables: CommandTable[]): void {
  const gate = new OperationGate(ctx);
  const titles = new Map(
    (
      ctx.extension.extension.packageJSON as { contributes: { commands: { command: string; title: string }[] } }
    ).contributes.commands.map((c) => [c.command, c.title]),
  );
  for (const table of tables) {
    for (const [id, factory] of Object.entries(table)) {
      const handler = factory(ctx) as (...args: unknown[]) => unknown;
      ctx.own(
        vscode.commands.registerCommand(id, async (...args: unknown[]): Promise<unknown> => {
          try {
            await gate.refuseWhenLacking(id, titles.get(id) ?? id);
            return await handler(...args);
          } catch (error) {
            return { changed: false, error: reportFailure(error) } satisfies CommandFailure;
          } finally {
            // What the command changed is one action of a recording (Record as Script).
            ctx.parts.recording.commandDone(id);
          }
        }),
      );
    }
  }
}
