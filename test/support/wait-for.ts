/** Resolves once `condition` holds (checked every 10 ms); rejects naming `what` after `ms`. For waiting on what a test can observe, never on a guessed delay. */
export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
