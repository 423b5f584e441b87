#!/usr/bin/env node
import { writeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_PORT } from '../../src/api/client/application-url';
import { LOG_LEVELS, type LogLevel } from './log';
import { startMotionServer } from './motion-server';
import { APPLICATION_TITLE } from './version';

const USAGE = `Usage: motion-server [--port ${DEFAULT_PORT}] [--host 127.0.0.1] [--state FILE] [--empty] [--log-level info] [--delay-ms 0]
                     [--stop-with-stdin] [--dry-run] [--answer-version V] [--script FILE]... [--python PATH]

The reference scripting server of the "motion" package: every operation of the scripting
interface over HTTP (POST JSON arrays to /api/scripting/motion/<module path>/<operation>/).

  --port N          port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H          address to bind (default 127.0.0.1, loopback only)
  --state FILE      keep the state in FILE (created from the demo data if missing); default: in memory
  --empty           start with no skeletons instead of the demo data
  --log-level L     debug (a line per request), info, warn, error or silent (default info)
  --delay-ms N      answer every request N milliseconds late, as a slow application does (default 0)
  --as-version V    answer as the application of release V (2023.2 to 2026.2): its get_version,
                    and only the modules and operations the application's changelog says it has
  --stop-with-stdin stop when standard input closes: a program that starts the server with a pipe
                    it never writes ties the server's life to its own, even if it is killed
  --script FILE     a start-up script (.py or .lua), run when the server starts and on Reload Scripts, as
                    the application runs its project's scripts: its commands, menus, dialogs and
                    drawing work here (repeatable; kept in the state's list of start-up scripts)
  --python PATH     the Python that runs the start-up scripts (default python3; py on Windows)
  --dry-run         a dry run's server: measurement files are read, never written (a save keeps the
                    path it would write), and POST /reference/dry-run reports the saves held back
                    and the samples the script changed
  --answer-version V  what get_version answers (2025.1.1), whatever modules are served: how a
                    private server started from a snapshot answers as the application it came from
  --version, --help`;

function fail(message: string): never {
  // Written at once, not queued: on Windows a pipe's writes are asynchronous, and process.exit
  // would end the process before the message left (the Windows leg saw it lost under load).
  writeSync(2, `motion-server: ${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: String(DEFAULT_PORT) },
        host: { type: 'string', default: '127.0.0.1' },
        state: { type: 'string' },
        empty: { type: 'boolean', default: false },
        'log-level': { type: 'string', default: 'info' },
        'delay-ms': { type: 'string', default: '0' },
        'stop-with-stdin': { type: 'boolean', default: false },
        'as-version': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        'answer-version': { type: 'string' },
        script: { type: 'string', multiple: true },
        python: { type: 'string' },
        help: { type: 'boolean', default: false },
        version: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (values.version) return void process.stdout.write(`${APPLICATION_TITLE}\n`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`--port must be an integer from 0 to 65535, got "${values.port}"`);
  const delayMs = Number(values['delay-ms']);
  if (!Number.isFinite(delayMs) || delayMs < 0 || delayMs > 60_000)
    fail(`--delay-ms must be a number of milliseconds from 0 to 60000, got "${values['delay-ms']}"`);
  const logLevel = values['log-level'] as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) fail(`--log-level must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);

  let server;
  try {
    server = await startMotionServer({
      port,
      host: values.host,
      state: values.state,
      empty: values.empty,
      logLevel,
      delayMs,
      asVersion: values['as-version'],
      dryRun: values['dry-run'],
      answerVersion: values['answer-version'],
      scripts: values.script,
      python: values.python,
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE')
      fail(`port ${port} on ${values.host} is already in use (is another motion-server or the application running?)`);
    fail(e.message);
  }
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`motion-server stopping (${why})\n`);
    await server.close();
    process.exit(0);
  };
  // Before the startup line: whoever reads it may signal at once.
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  if (values['stop-with-stdin']) {
    // Nobody writes to it: its end means the process that started the server is gone, and with it
    // the other end of stdout: what cannot be said there is not worth failing the stop for.
    process.stdout.on('error', () => undefined);
    process.stdin.once('end', () => void stop('standard input closed'));
    process.stdin.resume();
  }
  const data = values.empty ? 'empty' : 'demo data';
  const where = values.state ? `state file ${values.state}` : `in memory, ${data}`;
  process.stdout.write(`motion-server listening on ${server.url} (${where})\n`);
  if (values['log-level'] !== 'silent' && values['log-level'] !== 'error') {
    const example = `${server.url}/api/scripting/motion/settings/processing/skeleton/get_skeleton_ids/`;
    process.stdout.write(
      `Call it with a JSON array of the arguments, for example:\n` +
        `  curl -H 'Content-Type: application/json' -d '["project"]' ${example}\n` +
        `  curl -H 'Content-Type: application/json' -d '["overview"]' ${server.url}/api/scripting/motion/utilities/documentation/get_help_text/\n` +
        `Stop it with Ctrl+C.\n`,
    );
  }
}

void main();
