import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MOBILE, openPage, setupSite, visit } from './harness';
import { siteLinks } from '../site.links';

const site = setupSite();

describe('site shell', () => {
  it('shows the navbar items in the spec order and positions', async () => {
    const { page, problems } = await openPage(site);
    await visit(page, `${site.url}/`);
    const left = page.locator('.navbar__items:not(.navbar__items--right) > .navbar__item');
    assert.deepEqual(await left.allInnerTexts(), ['Docs', 'Support Portal', 'Releases']);
    assert.equal(
      await page.locator('.navbar__items--right a.navbar__item', { hasText: 'Website' }).count(),
      1,
    );
    assert.equal(
      await page.getByRole('link', { name: 'Support Portal' }).getAttribute('href'),
      siteLinks.supportPortal,
    );
    assert.equal(await page.getByRole('link', { name: 'Releases' }).getAttribute('href'), siteLinks.releases);
    assert.equal(await page.getByRole('link', { name: 'Website' }).getAttribute('href'), siteLinks.website);
    const toggle = page
      .locator('.navbar__items--right')
      .getByRole('button', { name: /Switch between dark and light mode/ });
    assert.equal(await toggle.count(), 1);
    assert.equal(await page.locator('.navbar--hideable').count(), 0, 'the navbar must not hide on scroll');
    assert.deepEqual(problems.errors, []);
  });

  it('keeps a dismissed announcement closed across reloads and shows a new one again', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/`);
    const bar = page.locator('[class*="announcementBar"]').first();
    await bar.waitFor();
    await bar.getByRole('button', { name: 'Close' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
    assert.equal(await page.locator('[class*="announcementBar"]').count(), 0);
    // A different stored id is what a reader has after the operator changes the announcement's id.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('docusaurus.announcement.id'));
      if (!key) throw new Error('the announcement id is not in local storage');
      localStorage.setItem(key, 'an-earlier-announcement');
    });
    await page.reload();
    await page.locator('[class*="announcementBar"]').first().waitFor();
  });

  it('opens the mobile sidebar with a back-to-main-menu level and closes it at desktop width', async () => {
    const { page } = await openPage(site, { viewport: MOBILE });
    await visit(page, `${site.url}/docs/concepts/introduction`);
    // The menu mounts on its own after hydration (in a transition), so the first tap only slides it in.
    await page.waitForSelector('.navbar-sidebar', { state: 'attached' });
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await page.locator('.navbar-sidebar').waitFor();
    await page.waitForSelector('.navbar-sidebar--show', { state: 'attached' });
    await page.getByRole('button', { name: '← Back to main menu' }).waitFor();
    await page.getByRole('button', { name: '← Back to main menu' }).click();
    await page.locator('.navbar-sidebar').getByRole('link', { name: 'Support Portal' }).waitFor();
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.waitForSelector('.navbar-sidebar--show', { state: 'detached' });
  });
});
