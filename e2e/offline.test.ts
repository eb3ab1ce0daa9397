import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BUILD_DIR, openPage, setupSite, visit } from './harness';

const site = setupSite();

describe('offline reading', () => {
  it('keeps every page and search available offline once the reader asks, and announces updates', async () => {
    const { page, problems } = await openPage(site);
    await visit(page, `${site.url}/docs/concepts/introduction`);
    await page.getByRole('button', { name: 'Make available offline' }).click();
    // The page reloads, the service worker installs in offline mode and downloads the site.
    await page.getByRole('status').filter({ hasText: 'Available offline' }).waitFor({ timeout: 120_000 });

    await page.context().setOffline(true);
    await visit(page, `${site.url}/docs/kb/kb00012`);
    await page.locator('article h1', { hasText: /^KB00012:/ }).waitFor();
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('rabbitmq tls');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await page.context().setOffline(false);

    // A new build publishes a different service worker: the reader is offered a reload, not forced into one.
    // (Written into the build for the moment, with its precompressed copies set aside: the browser
    // fetches a service worker's script itself, past the test's request interception.)
    const worker = path.join(BUILD_DIR, 'sw.js');
    const original = fs.readFileSync(worker);
    const aside = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-'));
    const copies = ['.br', '.gz'].filter((extension) => fs.existsSync(worker + extension));
    for (const extension of copies) fs.renameSync(worker + extension, path.join(aside, extension));
    fs.writeFileSync(worker, `${original.toString('utf8')}\n// next build\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.getByText('New version available').waitFor({ timeout: 120_000 });
      await page.getByRole('button', { name: 'Refresh' }).waitFor();
    } finally {
      fs.writeFileSync(worker, original);
      for (const extension of copies) fs.renameSync(path.join(aside, extension), worker + extension);
    }
    assert.deepEqual(
      problems.errors.filter((error) => !error.startsWith('Failed to load resource')),
      [],
    );
  });
});
