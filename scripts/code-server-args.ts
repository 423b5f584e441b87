/**
 * code-server on loopback only, no password, nothing phoning home: the demo and the real-VS-Code
 * tests (the WSL run's on WSL's own address, inside a network namespace of the run's own).
 */
export function quietLoopbackArgs(port: number, address = '127.0.0.1'): string[] {
  return [
    '--auth',
    'none',
    '--bind-addr',
    `${address}:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
  ];
}

/**
 * The user settings of a throwaway profile (the demo's, the tests'): nothing that is not the
 * product's own speaks up. The project is a git repository above the opened folder (no offer to
 * open it), and the embedded server's port is no application of the user's to forward.
 */
export function quietProfileSettings(): Record<string, unknown> {
  return {
    'workbench.startupEditor': 'none',
    'telemetry.telemetryLevel': 'off',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'git.openRepositoryInParentFolders': 'never',
    'remote.autoForwardPorts': false,
  };
}
