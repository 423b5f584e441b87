/**
 * A call that runs one at a time, and only for the newest argument: while one runs, later ones
 * wait, and only the last of them runs next. The 3D view asks what the scripts draw at each frame
 * it shows (60 a second while playing); the server draws one frame at a time, and an older frame
 * is not worth drawing once a newer one is shown. No `vscode` import.
 */
export function oneAtATime<T>(run: (arg: T) => Promise<unknown>): (arg: T) => Promise<void> {
  let running: Promise<void> | undefined;
  let next: { arg: T } | undefined;
  const start = (arg: T): Promise<void> =>
    (running = run(arg)
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        const waiting = next;
        next = undefined;
        running = undefined;
        if (waiting) return start(waiting.arg);
      }));
  return (arg) => {
    if (!running) return start(arg);
    next = { arg };
    return running;
  };
}
