import type { OpenDialog } from '../../../src/api/gui/open-dialog';
import { invalid } from '../model/faults';

/** How a dialog was answered: by the person, by a test's declared answer, or by nobody (as Cancel). */
type DialogAnswer = { by: 'person' | 'test'; value: unknown } | { by: 'nobody' };

/** How long after its last look the person still counts as there (between two long polls). */
const PRESENT_FOR_MS = 10_000;
/** A dialog nobody answers is closed as Cancel after this (a person who walked away). */
const ANSWER_WITHIN_MS = 10 * 60_000;
/** An open dialog is closed as Cancel when the person has not looked for this long (VS Code stopped looking). */
const GONE_AFTER_MS = 10_000;

/**
 * Who answers the dialogs scripts open, in the reference server: an answer a test declared for
 * that dialog first; else the person at the application (VS Code, waiting for dialogs to show);
 * else nobody, and the caller answers as Cancel would. docs/design.md §13.
 */
export class DialogDesk {
  private readonly declared: { dialog: string; args: unknown[] | null; value: unknown }[] = [];
  private readonly waiting = new Set<(dialog: OpenDialog | null) => void>();
  private readonly unseen: OpenDialog[] = [];
  private readonly open = new Map<
    number,
    { dialog: OpenDialog; answer: (value: unknown) => void; cancel: () => void }
  >();
  private lastLook = -Infinity;
  private nextId = 1;

  /** Whether a person is at the application: looking for dialogs now, answering one, or a moment ago. */
  get present(): boolean {
    return this.waiting.size > 0 || this.open.size > 0 || Date.now() - this.lastLook < PRESENT_FOR_MS;
  }

  /** Whether a dialog waits for the person (a function's deadline does not run meanwhile). */
  get asking(): boolean {
    return this.open.size > 0;
  }

  /** A test's answer to every later call of `dialog`, or only to a call with `args` (its first ones); the newest counts. */
  declare(dialog: string, value: unknown, args: unknown[] | null): void {
    this.declared.unshift({ dialog, args, value });
  }

  /** Forgets what tests declared (a test's application starting again). */
  forget(): void {
    this.declared.length = 0;
  }

  /** The next dialog for the person: one already open and not yet shown, else the next opened within `ms`; null if none. */
  wait(ms: number): Promise<OpenDialog | null> {
    const shown = this.unseen.shift();
    this.lastLook = Date.now();
    if (shown) return Promise.resolve(shown);
    return new Promise((resolve) => {
      const done = (dialog: OpenDialog | null) => {
        clearTimeout(timer);
        this.waiting.delete(done);
        this.lastLook = Date.now();
        resolve(dialog);
      };
      const timer = setTimeout(() => done(null), ms);
      this.waiting.add(done);
    });
  }

  /** The person's answer to an open dialog; refused (the dialog stays open) when it is not one the dialog can give. */
  reply(id: unknown, value: unknown, check: (dialog: OpenDialog, value: unknown) => void): void {
    const open = typeof id === 'number' ? this.open.get(id) : undefined;
    if (!open) throw invalid('id', `no dialog ${JSON.stringify(id)} is open: it was answered or closed already`);
    check(open.dialog, value);
    this.lastLook = Date.now(); // the person is there: a dialog the function opens next is theirs too
    open.answer(value);
  }

  /** Asks whoever is at the application; `nobody` when no one is (the caller answers as Cancel and says so). */
  ask(dialog: string, args: unknown[]): Promise<DialogAnswer> {
    const declared = this.declared.find(
      (d) => d.dialog === dialog && (d.args === null || d.args.every((arg, i) => same(arg, args[i]))),
    );
    if (declared) return Promise.resolve({ by: 'test', value: declared.value });
    if (!this.present) return Promise.resolve({ by: 'nobody' });
    const open: OpenDialog = { id: this.nextId++, dialog, args };
    return new Promise((resolve) => {
      const close = (answer: DialogAnswer) => {
        clearInterval(timer);
        this.open.delete(open.id);
        const at = this.unseen.indexOf(open);
        if (at >= 0) this.unseen.splice(at, 1);
        resolve(answer);
      };
      const opened = Date.now();
      // The person keeps looking while a dialog is shown: one who stopped (VS Code closed) answers nothing.
      const timer = setInterval(() => {
        const gone = this.waiting.size === 0 && Date.now() - this.lastLook > GONE_AFTER_MS;
        if (gone || Date.now() - opened > ANSWER_WITHIN_MS) close({ by: 'nobody' });
      }, 1_000);
      this.open.set(open.id, {
        dialog: open,
        answer: (value) => close({ by: 'person', value }),
        cancel: () => close({ by: 'nobody' }),
      });
      const [looking] = this.waiting;
      if (looking) looking(open);
      else this.unseen.push(open);
    });
  }

  /** Closes every open dialog as Cancel and lets the person's looks end (the server stopping). */
  close(): void {
    for (const look of [...this.waiting]) look(null);
    for (const { cancel } of [...this.open.values()]) cancel();
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
