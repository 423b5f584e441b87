/** The server's log: one line per request at debug level, startup and failures above it. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };
export const LOG_LEVELS = Object.keys(ORDER) as LogLevel[];

export interface Log {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  enabled(level: LogLevel): boolean;
}

export function createLog(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Log {
  const at = (l: LogLevel) => (message: string) => {
    if (ORDER[l] >= ORDER[level]) write(`${new Date().toISOString()} ${l.padEnd(5)} ${message}`);
  };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    enabled: (l) => ORDER[l] >= ORDER[level],
  };
}
