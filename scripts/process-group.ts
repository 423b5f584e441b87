/** Whether any process of the group is still there. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    // EPERM: there, but not ours to signal (never the case for what a run started as root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops a process group a run started, and waits until every process of it is gone: SIGTERM, then
 * SIGKILL after `graceMs`. What it writes as it ends (code-server flushes its user data) is
 * written before the caller removes the folder, never into a folder already removed.
 */
export async function stopProcessGroup(pid: number | undefined, graceMs = 10_000): Promise<void> {
  if (!pid || !groupAlive(pid)) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // gone meanwhile
    }
  };
  const gone = async (ms: number) => {
    const end = Date.now() + ms;
    while (groupAlive(pid)) {
      if (Date.now() > end) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
    return true;
  };
  signal('SIGTERM');
  if (await gone(graceMs)) return;
  signal('SIGKILL');
  await gone(5_000);
}
