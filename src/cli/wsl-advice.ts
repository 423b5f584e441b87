import { identifyApplication } from '../api/client/identify-application';
import { MotionConnectionError } from '../api/client/motion-error';
import { windowsHostUnreachable, windowsHostUrl, type MachineFacts } from '../api/client/windows-host';

/**
 * `motion` typed in WSL's own shell (VS Code's terminals get MOTION_URL from the window, which
 * finds the host itself): when nothing answers at a loopback URL, where the application on the
 * Windows host is and what to type, or why it cannot be reached and how to fix that. The command
 * does not move to the host by itself: what a command line talks to is what it was told.
 * Undefined for any other failure, a URL naming another machine, or outside WSL.
 */
export async function wslAdvice(error: unknown, facts?: MachineFacts, timeoutMs = 2_000): Promise<string | undefined> {
  if (!(error instanceof MotionConnectionError) || error.kind !== 'unreachable') return undefined;
  const hostUrl = await windowsHostUrl(error.url, facts);
  if (!hostUrl) return undefined;
  const onHost = await identifyApplication(hostUrl, timeoutMs).catch(() => undefined);
  if (onHost?.kind !== 'motion') return windowsHostUnreachable(error.url, hostUrl, 'motion');
  return (
    `motion runs in WSL, where ${new URL(error.url).host} is WSL's own loopback; the application on the Windows host ` +
    `answers at ${hostUrl}: run motion with --url ${hostUrl}, or export MOTION_URL=${hostUrl}`
  );
}
