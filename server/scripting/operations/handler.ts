import type { Transaction } from '../model/motion-model';

/** An operation's implementation: arguments arrive checked against the catalogue's types, trailing optionals as null. */
export type Handler = (tx: Transaction, args: any[]) => unknown;

/** Handlers of one module, keyed by operation name. */
export type ModuleHandlers = Record<string, Handler>;
