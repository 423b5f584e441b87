import { join } from 'node:path';

/**
 * A Python that follows Windows' rules where they differ from Linux's (text streams that write
 * "\n" as "\r\n", no thread signals, a process that any signal from its parent ends at once),
 * simulated on Linux: no Windows Python can be installed on these machines. See its folder.
 */
export const WINDOWS_PYTHON = join(__dirname, 'windows-python', 'python');
