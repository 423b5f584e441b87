/**
 * What bench:start waits to see in the workbench, and the watcher that notes when each first shows.
 * The watcher runs in the page from its first moment (an init script) and looks after every change
 * of the page (a MutationObserver), so a sight's time is when the page first showed it, not when a
 * poll from outside happened to ask.
 */

// The watcher runs in the page: its globals, as far as it uses them (the bench has no DOM types).
declare const window: unknown;
declare const document: {
  readyState: string;
  querySelectorAll(selector: string): ArrayLike<{ innerText?: string }>;
  addEventListener(event: string, listener: () => void): void;
};
declare const MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };

/** Something a person sees: an element the selector finds whose text matches `text`, if given. */
export interface Sight {
  name: string;
  selector: string;
  /** A regular expression's source, matched against the element's text. */
  text?: string;
}

/** Runs in the page: `sights` are those to watch from the start; more come through `benchWatch`. */
export function SIGHTS_SCRIPT(sights: Sight[]): void {
  const w = window as {
    benchSeen: Record<string, number>;
    benchWatch(more: Sight[]): void;
  };
  const waiting: { name: string; selector: string; text?: RegExp }[] = [];
  w.benchSeen = {};
  const look = () => {
    for (let i = waiting.length - 1; i >= 0; i--) {
      const sight = waiting[i];
      const found = Array.from(document.querySelectorAll(sight.selector)).some(
        // The editor shows spaces as no-break spaces.
        (e) => !sight.text || sight.text.test((e.innerText ?? '').replace(/\u00a0/g, ' ')),
      );
      if (found) {
        w.benchSeen[sight.name] = performance.now();
        waiting.splice(i, 1);
      }
    }
  };
  w.benchWatch = (more) => {
    for (const sight of more) {
      delete w.benchSeen[sight.name];
      waiting.push({ ...sight, text: sight.text === undefined ? undefined : new RegExp(sight.text) });
    }
    look();
  };
  w.benchWatch(sights);
  const observe = () =>
    new MutationObserver(() => waiting.length > 0 && look()).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', observe);
  else observe();
}

/** The sights of a start, in VS Code's own words and places. */
export const SIGHT = {
  /** The editor shows the opened script's first line: the workbench is there for a person. */
  editorText: (text: string): Sight => ({ name: 'editor', selector: '.part.editor .monaco-editor .view-lines', text }),
  /** VS Code's own Git extension names the branch in the status bar: its extension host is there. */
  gitBranch: { name: 'branch', selector: '.part.statusbar [id="status.scm.0"]', text: 'main' },
  /** The status bar names the application or the embedded server. */
  motionStatus: {
    name: 'status',
    selector: '.part.statusbar .statusbar-item',
    text: 'Motion: (embedded|connected|\\d)',
  },
  /**
   * The suggest widget lists one of the package's names. An element's text is its text as shown:
   * none while the widget is hidden (its rows stay in the page).
   */
  completion: (label: string): Sight => ({
    name: 'completion',
    selector: '.monaco-editor .suggest-widget .monaco-list-row',
    text: `^${label}`,
  }),
  /** The suggest widget shows anything: a list, "Loading…", "No suggestions". */
  suggestWidget: { name: 'suggest', selector: '.monaco-editor .suggest-widget', text: '\\S' },
  /** The Skeletons view's tree shows its top: the project's settings. */
  skeletonsTree: { name: 'tree', selector: '.part.sidebar .monaco-list-row', text: 'Project settings' },
  /** The Dry Run view shows the run's outcome. */
  dryRunResult: (text: string): Sight => ({ name: 'dryRun', selector: '.part.panel .monaco-list-row', text }),
} as const;
