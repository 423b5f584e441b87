/** The shells a command may be written for: VS Code's defaults on Windows (PowerShell) and elsewhere, and cmd. */
type ShellKind = 'powershell' | 'cmd' | 'posix';

/** The kind of a shell by its program (a path or a name); none given: the platform's default. */
export function shellKind(shell: string | undefined, platform: NodeJS.Platform = process.platform): ShellKind {
  const name = (shell ?? '')
    .split(/[\\/]/)
    .pop()!
    .toLowerCase()
    .replace(/\.exe$/, '');
  if (name === 'pwsh' || name === 'powershell') return 'powershell';
  if (name === 'cmd') return 'cmd';
  if (name === '') return platform === 'win32' ? 'powershell' : 'posix';
  return 'posix';
}

const PLAIN = /^[\p{L}\p{N}_@%+=:,./\\-]+$/u;

/**
 * A command line that `shell` runs as the program `argv[0]` with the arguments after it, each as it
 * is. PowerShell needs its call operator before a quoted program (`"C:\…\python.exe" -m pip` is a
 * string followed by an unexpected token there); cmd takes double quotes; POSIX shells single quotes.
 */
export function commandLine(argv: readonly string[], shell: ShellKind): string {
  const quoted = argv.map((arg) =>
    PLAIN.test(arg) && !(shell === 'posix' && arg.includes('\\')) ? arg : quote(arg, shell),
  );
  if (shell === 'powershell' && quoted[0] !== argv[0]) return `& ${quoted.join(' ')}`;
  return quoted.join(' ');
}

function quote(arg: string, shell: ShellKind): string {
  if (shell === 'powershell') return `'${arg.replaceAll("'", "''")}'`;
  if (shell === 'cmd') return `"${arg.replaceAll('"', '""')}"`;
  return `'${arg.replaceAll("'", "'\\''")}'`;
}
