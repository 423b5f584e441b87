import { DEFAULT_URL } from '../../api/client/application-url';

/**
 * The ports that belong to the application: its default port (7979) and the port of the URL the
 * user configured for it. The embedded server never listens on one of them, so an application
 * started after VS Code can always open its port. No `vscode` import.
 */
export function applicationPorts(configuredUrl: string): number[] {
  const ports = [Number(new URL(DEFAULT_URL).port)];
  const configured = portOf(configuredUrl);
  if (configured !== undefined && !ports.includes(configured)) ports.push(configured);
  return ports;
}

/** Whether the embedded server may keep a port it was given: any but the application's. */
export function embeddedMayListenOn(port: number, configuredUrl: string): boolean {
  return port > 0 && !applicationPorts(configuredUrl).includes(port);
}

/** The port a URL reaches (80 for http:// without one), or undefined for a URL that is not one. */
function portOf(url: string): number | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.port) return Number(parsed.port);
    return parsed.protocol === 'https:' ? 443 : parsed.protocol === 'http:' ? 80 : undefined;
  } catch {
    return undefined;
  }
}
