/**
 * VS Code connected to WSL, with the application on the Windows host, as the real-VS-Code tests
 * make it on one Linux machine: code-server (the workspace side, where Motion runs) in a network
 * namespace of its own, whose 127.0.0.1 is its own loopback and whose default route leads to the
 * "host" over a virtual cable, as WSL 2's NAT network does; WSL_DISTRO_NAME set, as WSL sets it.
 * The application listens on the host's end of the cable, on 7979, once a test starts it. Needs root (ip netns); the
 * namespace and its cable are deleted by name when the run ends, the application by its handle.
 */
import { freeCableAddresses, machineRoutes, namespaceWithCable, removeNamespace } from './network-namespace';
import { startMotionServer, type MotionServer } from '../server/scripting/motion-server';

export interface WslSimulation {
  /** The namespace's name, for `ip netns exec`. */
  namespace: string;
  /** The Windows host's address, as WSL sees it: the default gateway. */
  hostAddress: string;
  /** WSL's own address on the cable, where the browser reaches code-server. */
  wslAddress: string;
  /** The command that runs a program inside "WSL": prefix it to the program and its arguments. */
  inWsl: string[];
  /** The application's URL on the host, while it runs. */
  applicationUrl: string;
  /** Starts the application on the host (again); stops it. A test asks for these (MOTION_HOST lines). */
  startApplication(): Promise<void>;
  stopApplication(): Promise<void>;
  dispose(): Promise<void>;
}

/** Sets up the namespace and its cable; the application on the host is started when a test asks (MOTION_HOST). */
export async function simulateWsl(): Promise<WslSimulation> {
  // A /30 of the documentation networks (never routed) that no route of this machine meets, and names of its own.
  const { ownAddress: hostAddress, otherAddress: wslAddress } = freeCableAddresses(
    machineRoutes(),
    ['198.51.100', '203.0.113', '192.0.2'],
    process.pid % 64,
  );
  const namespace = `motion-wsl-${process.pid}`;
  const hostEnd = `mwh${process.pid % 100_000}`;
  const wslEnd = `mww${process.pid % 100_000}`;
  namespaceWithCable({
    namespace,
    ownEnd: hostEnd,
    otherEnd: wslEnd,
    ownAddress: hostAddress,
    otherAddress: wslAddress,
    routeThroughOwnEnd: true,
  });
  const inWsl = ['ip', 'netns', 'exec', namespace];
  let application: MotionServer | undefined;
  const applicationUrl = `http://${hostAddress}:7979`;
  const simulation: WslSimulation = {
    namespace,
    hostAddress,
    wslAddress,
    inWsl,
    applicationUrl,
    async startApplication() {
      application ??= await startMotionServer({ host: hostAddress, port: 7979, logLevel: 'silent' });
    },
    async stopApplication() {
      await application?.close();
      application = undefined;
    },
    async dispose() {
      await simulation.stopApplication();
      removeNamespace(namespace);
    },
  };
  return simulation;
}

const PREFIX = 'MOTION_HOST ';

/** A test's request to start or stop the application on the host: `MOTION_HOST {"do":"stop","reply":file}`. */
export function hostRequest(line: string): { do: 'start' | 'stop'; reply: string } | undefined {
  return line.startsWith(PREFIX)
    ? (JSON.parse(line.slice(PREFIX.length)) as { do: 'start' | 'stop'; reply: string })
    : undefined;
}
