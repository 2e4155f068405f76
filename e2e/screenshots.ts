// Screenshots of pages at phone and desktop widths, in light and dark colour
// schemes, for looking at what a person sees.
//   npx tsx e2e/screenshots.ts <baseUrl> <outDir> <path> [<path> …]
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [baseUrl, outDir, ...paths] = process.argv.slice(2);
if (!baseUrl || !outDir || paths.length === 0) {
  console.error('usage: tsx e2e/screenshots.ts <baseUrl> <outDir> <path> [<path> …]');
  process.exit(2);
}

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];
const schemes = ['light', 'dark'] as const;

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
for (const pagePath of paths) {
  for (const viewport of viewports) {
    for (const colorScheme of schemes) {
      const context = await browser.newContext({
        viewport,
        colorScheme,
        locale: 'es-AR',
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      await page.goto(new URL(pagePath, baseUrl).toString(), { waitUntil: 'networkidle' });
      const slug = pagePath.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root';
      const file = path.join(outDir, `${slug}-${viewport.name}-${colorScheme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await context.close();
    }
  }
}
await browser.close();
