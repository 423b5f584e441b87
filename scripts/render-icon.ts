/**
 * npx tsx scripts/render-icon.ts — renders media/icon.svg to media/icon.png (256 × 256) with
 * headless Chromium: the marketplace wants a PNG icon. Run after changing the SVG; both are kept.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchHeadlessChromium } from './headless-chromium';

async function main(): Promise<void> {
  const svg = readFileSync(resolve(__dirname, '../media/icon.svg'), 'utf8');
  const browser = await launchHeadlessChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 256, height: 256 } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: resolve(__dirname, '../media/icon.png'), omitBackground: true });
  } finally {
    await browser.close();
  }
}

void main();
