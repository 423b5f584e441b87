import { Fault } from '../model/faults';
import type { Handler } from './handler';

/** Why the reference server has no behaviour for an operation, by the part of the interface it is in. */
const WHY: readonly [prefix: string, why: string][] = [
  ['motion.gui', 'the application’s windows, menus and dialogs are not part of the reference server’s model'],
  [
    'motion.settings.camera',
    'it describes the cameras connected to the application, which the reference server has none of',
  ],
  ['motion.data', 'the reference server’s measurement does not hold this kind of data'],
  ['motion', 'the reference server has no model of it'],
];

/**
 * The answer for an operation of the interface the reference server documents but cannot do: a
 * not_modelled refusal (501) naming it and why, never a made-up value. Nothing is changed.
 */
export function notModelled(operation: string): Handler {
  const why = WHY.find(([prefix]) => operation.startsWith(`${prefix}.`))?.[1] ?? WHY[WHY.length - 1][1];
  return () => {
    throw new Fault(
      'not_modelled',
      `${operation} is not modelled by the reference server: ${why}. Run the script against the application for it.`,
    );
  };
}
