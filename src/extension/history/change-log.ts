import type { ChangeHistory, ChangeRecord } from './change-history';

/** Where commands record the changes they made to the connected application. */
export interface ChangeLog {
  record(change: ChangeRecord): void;
}

/** Records changes in the history of the application connected now, and tells `recorded` (a recording). */
export function changeLog(
  history: ChangeHistory,
  application: () => string | undefined,
  recorded: (change: ChangeRecord) => void,
): ChangeLog {
  return {
    record: (change) => {
      const app = application();
      if (!app) throw new Error('not connected to an application: the change could not be recorded for undo');
      history.record(app, change);
      recorded(change);
    },
  };
}
