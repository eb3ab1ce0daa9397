/**
 * `npm run bench`: build the site (unless --skip-build) and print what it costs: build wall time, page
 * count, and for a few representative pages the JavaScript a first visit loads (raw and gzip) and the
 * HTML size. Figures vary with the machine; compare runs on the same one.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { startServer } from './server';
import { ensureBrowser } from './browser';
import { CHROMIUM_ARGS } from '../e2e/harness';

const BUILD_DIR = path.resolve('build');
export const SAMPLE_PAGES = {
  home: '/',
  'doc page': '/docs/concepts/introduction',
  'long doc page': '/docs/installation/prerequisites',
  'API page': '/docs/developer/api/reference/list-customers',
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzip = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;

function countPages(dir: string): number {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && !file.startsWith('__e2e')).length;
}

async function measure(url: string) {
  const browser = await chromium.launch({ executablePath: ensureBrowser(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts: { name: string; raw: number; gzip: number }[] = [];
    let html = { raw: 0, gzip: 0 };
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'document') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      const sizes = { raw: body.length, gzip: gzip(body) };
      if (type === 'document') html = sizes;
      else scripts.push({ name: path.basename(new URL(response.url()).pathname), ...sizes });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return { scripts, html };
  } finally {
    await browser.close();
  }
}

async function main() {
  const skipBuild = process.argv.includes('--skip-build');
  if (!skipBuild) {
    const started = Date.now();
    const result = spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
    if (result.status !== 0) throw new Error('the build failed; run "npm run build" to see why');
    console.log(`build wall time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(`pages: ${countPages(BUILD_DIR)}`);
  const server = await startServer({ root: BUILD_DIR });
  try {
    for (const [label, route] of Object.entries(SAMPLE_PAGES)) {
      const { scripts, html } = await measure(`${server.url}${route}`);
      const raw = scripts.reduce((sum, script) => sum + script.raw, 0);
      const gz = scripts.reduce((sum, script) => sum + script.gzip, 0);
      console.log(`\n${label} (${route})`);
      console.log(`  HTML: ${kb(html.raw)} raw, ${kb(html.gzip)} gzip`);
      console.log(`  first-load JavaScript: ${scripts.length} files, ${kb(raw)} raw, ${kb(gz)} gzip`);
      for (const script of scripts.sort((a, b) => b.gzip - a.gzip)) {
        console.log(
          `    ${script.name.padEnd(28)} ${kb(script.raw).padStart(10)} ${kb(script.gzip).padStart(10)} gzip`,
        );
      }
    }
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
