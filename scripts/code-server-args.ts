/** code-server on loopback only, no password, nothing phoning home: the demo and the real-VS-Code tests. */
export function quietLoopbackArgs(port: number): string[] {
  return [
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
  ];
}
