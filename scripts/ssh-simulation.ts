/**
 * VS Code connected over SSH to the capture PC, as the real-VS-Code tests make it on one Linux
 * machine: the "capture PC" is a network namespace of its own (its 127.0.0.1 is its own), reached
 * only across a virtual cable, where an OpenSSH server of the run's own listens (its host key, a
 * key of the run's own authorized, nothing of this machine's ssh set-up read). The application
 * runs there, on the capture PC's 127.0.0.1:7979, as it does beside the person at the rig. The
 * harness starts code-server (the VS Code server Remote-SSH would start) through `ssh`, with the
 * environment an SSH session gives, and reaches it through the connection's port forward, as
 * Remote-SSH does. Needs root (ip netns) and sshd (Debian's openssh-server). Everything started is
 * stopped by its process group; the namespace is deleted by name.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopProcessGroup } from './process-group';
import {
  canMakeNamespaces,
  freeCableAddresses,
  machineRoutes,
  namespaceWithCable,
  removeNamespace,
} from './network-namespace';

const SSHD = '/usr/sbin/sshd';

export interface SshSimulation {
  /** The capture PC's address on the cable, where its sshd listens. */
  capturePcAddress: string;
  /** The application's URL as the capture PC sees it: its own loopback. */
  applicationUrl: string;
  /**
   * Starts `command` on the capture PC through `ssh` (the session's own environment, plus `env`),
   * with `localPort` on this side forwarded to `remotePort` on the capture PC's loopback. Returns
   * the `ssh` process; the remote command is stopped by `dispose`.
   */
  startOverSsh(command: string[], env: Record<string, string>, localPort: number, remotePort: number): ChildProcess;
  dispose(): Promise<void>;
}

/** A word for a POSIX shell: in single quotes, its own single quotes closed and escaped. */
function shellWord(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Waits until `check` holds, trying every 100 ms, or fails after `ms` naming `what`. */
async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`the SSH simulation: ${what} did not happen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sets up the capture PC: its network, its sshd, and the application on its loopback. */
export async function simulateSsh(serverScript: string): Promise<SshSimulation> {
  // A /30 of the documentation networks (never routed), none this machine or the WSL run uses.
  const { ownAddress, otherAddress: capturePcAddress } = freeCableAddresses(
    machineRoutes(),
    ['203.0.113', '192.0.2', '198.51.100'],
    process.pid % 64,
  );
  const namespace = `motion-ssh-${process.pid}`;
  const ownEnd = `msh${process.pid % 100_000}`;
  const pcEnd = `msp${process.pid % 100_000}`;
  namespaceWithCable({ namespace, ownEnd, otherEnd: pcEnd, ownAddress, otherAddress: capturePcAddress });
  const keys = mkdtempSync(join(tmpdir(), 'motion-ssh-'));
  const started: ChildProcess[] = [];
  const remotePidFiles: string[] = [];
  const onCapturePc = ['ip', 'netns', 'exec', namespace];

  const dispose = async (): Promise<void> => {
    // The remote commands first (their sessions' process groups), then what ran here.
    for (const file of remotePidFiles) {
      let pid: number | undefined;
      try {
        pid = Number(readFileSync(file, 'utf8').trim());
      } catch {
        // never started
      }
      await stopProcessGroup(pid);
    }
    for (const child of started.reverse()) await stopProcessGroup(child.pid);
    removeNamespace(namespace);
    rmSync(keys, { recursive: true, force: true });
  };

  try {
    for (const key of ['host', 'person'])
      if (spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(keys, key)]).status !== 0)
        throw new Error('ssh-keygen could not make a key');
    writeFileSync(join(keys, 'authorized_keys'), readFileSync(join(keys, 'person.pub')));
    writeFileSync(
      join(keys, 'sshd_config'),
      [
        `ListenAddress ${capturePcAddress}:22`,
        `HostKey ${join(keys, 'host')}`,
        `AuthorizedKeysFile ${join(keys, 'authorized_keys')}`,
        `PidFile ${join(keys, 'sshd.pid')}`,
        'PermitRootLogin prohibit-password',
        'PasswordAuthentication no',
        'KbdInteractiveAuthentication no',
        'UsePAM no',
        // The keys live in a folder of the run's own under /tmp, which sshd's owner checks would refuse.
        'StrictModes no',
        'AllowTcpForwarding yes',
      ].join('\n') + '\n',
    );
    // sshd's privilege separation needs its empty folder, which Debian's service makes at boot.
    mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
    const sshd = spawn(onCapturePc[0], [...onCapturePc.slice(1), SSHD, '-D', '-e', '-f', join(keys, 'sshd_config')], {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    started.push(sshd);
    let sshdLog = '';
    sshd.stderr.on('data', (d) => (sshdLog += d));
    await until(() => /Server listening/.test(sshdLog) || sshd.exitCode !== null, 'sshd listening');
    if (sshd.exitCode !== null) throw new Error(`sshd exited: ${sshdLog}`);

    // The application on the capture PC, on its own loopback, as a person started it there.
    const application = spawn(
      onCapturePc[0],
      [...onCapturePc.slice(1), process.execPath, serverScript, '--port', '7979', '--stop-with-stdin'],
      { detached: true, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    started.push(application);
    let applicationLog = '';
    application.stdout.on('data', (d) => (applicationLog += d));
    application.stderr.on('data', (d) => (applicationLog += d));
    await until(() => /listening on/.test(applicationLog) || application.exitCode !== null, 'the application started');
    if (application.exitCode !== null) throw new Error(`the application exited: ${applicationLog}`);
  } catch (error) {
    await dispose();
    throw error;
  }

  const sshOptions = [
    '-i',
    join(keys, 'person'),
    '-o',
    'IdentitiesOnly=yes',
    '-o',
    'StrictHostKeyChecking=no',
    '-o',
    `UserKnownHostsFile=${join(keys, 'known_hosts')}`,
    '-o',
    'ExitOnForwardFailure=yes',
    '-o',
    'BatchMode=yes',
    '-o',
    'LogLevel=ERROR',
    '-F',
    '/dev/null',
  ];
  return {
    capturePcAddress,
    applicationUrl: 'http://127.0.0.1:7979',
    startOverSsh(command, env, localPort, remotePort) {
      const pidFile = join(keys, `remote-${remotePidFiles.length}.pid`);
      remotePidFiles.push(pidFile);
      // The session's shell notes its process id (sshd made it a group leader), then becomes the command.
      const remote = [
        `echo $$ > ${shellWord(pidFile)};`,
        'exec env',
        ...Object.entries(env).map(([k, v]) => shellWord(`${k}=${v}`)),
        ...command.map(shellWord),
      ].join(' ');
      const ssh = spawn(
        'ssh',
        [...sshOptions, '-L', `127.0.0.1:${localPort}:127.0.0.1:${remotePort}`, `root@${capturePcAddress}`, remote],
        { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      started.push(ssh);
      return ssh;
    },
    dispose,
  };
}

/** Whether this machine can make the simulation: network namespaces (as for WSL's) and an sshd. */
export function canSimulateSsh(): boolean {
  return spawnSync(SSHD, ['-V']).error === undefined && canMakeNamespaces();
}
