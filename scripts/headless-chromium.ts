import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, headless and quiet (no network of its own), for the real-VS-Code tests and the demo's smoke check. */
export function launchHeadlessChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
