import { chromium } from 'playwright-core';
import { startServer } from '../scripts/server';
import { CHROMIUM_ARGS } from './harness';
(async () => {
  const s = await startServer({ root: 'build' });
  const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const p = await b.newPage();
  for (const u of ['/docs/concepts/core-entities', '/docs/concepts/customers']) {
    await p.goto(s.url + u, { waitUntil: 'load' });
    console.log(u, await p.evaluate(() => [...document.querySelectorAll('meta[name="description"], meta[name="keywords"]')].map(m => m.outerHTML)));
  }
  await p.goto(s.url + '/docs/concepts/introduction');
  await p.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
  await p.keyboard.press('Tab');
  console.log('focused', await p.evaluate(() => document.activeElement?.outerHTML.slice(0, 200)));
  await p.keyboard.press('Enter');
  await p.waitForTimeout(500);
  console.log('after', await p.evaluate(() => document.activeElement?.outerHTML.slice(0, 200)), await p.evaluate(() => location.href));
  const ctx = await b.newContext(); const q = await ctx.newPage();
  await q.goto(s.url + '/'); await q.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
  await q.locator('[class*="announcementBar"]').first().getByRole('button', { name: 'Close' }).click();
  await q.reload(); await q.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
  await q.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'old'));
  await q.reload(); await q.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
  await q.waitForTimeout(500);
  console.log(await q.evaluate(() => [document.documentElement.getAttribute('data-announcement-bar-initially-dismissed'), JSON.stringify(localStorage), document.querySelector('[class*="announcementBar"]')?.outerHTML.slice(0,100)]));
  await b.close(); await s.close();
})();
