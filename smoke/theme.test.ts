/**
 * What the classic theme does with this site's configuration: the dark footer with its copyright line,
 * the colour-mode toggle (light by default, the system preference ignored), the skip link and the table
 * of contents. Docusaurus provides each of them; the gate does not re-test them. Run with
 * `npm run test:smoke` after a Docusaurus upgrade (after `npm run build`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openPage, setupSite, visit } from '../e2e/harness';

const site = setupSite();

describe('the theme under this configuration', () => {
  it('has a dark footer with the copyright line only', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs`);
    const footer = page.locator('footer.footer');
    assert.match((await footer.getAttribute('class')) ?? '', /footer--dark/);
    assert.match(await footer.innerText(), /^Copyright © 2025 /);
    assert.equal(await footer.locator('.footer__links').count(), 0);
  });

  it('toggles colour mode light → dark → light and ignores the system preference', async () => {
    const { page } = await openPage(site, { colorScheme: 'dark' });
    await visit(page, `${site.url}/docs`);
    const theme = () => page.locator('html').getAttribute('data-theme');
    assert.equal(await theme(), 'light');
    const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
    await toggle.click();
    await page.waitForSelector('html[data-theme="dark"]');
    await toggle.click();
    await page.waitForSelector('html[data-theme="light"]');
    await page.reload();
    assert.equal(await theme(), 'light');
  });

  it('offers a skip link that moves focus to the main content', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/concepts/introduction`);
    await page.keyboard.press('Tab');
    const skip = page.locator(':focus');
    assert.equal(await skip.innerText(), 'Skip to main content');
    await page.keyboard.press('Enter');
    // The theme focuses <main> for a moment; the next Tab must land inside it, past the navbar and sidebar.
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.activeElement?.closest('main') !== null);
  });

  it('shows a table of contents on pages with sections', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/installation/rabbitmq`);
    const entries = page.locator('.table-of-contents a');
    assert.ok((await entries.count()) >= 3);
  });
});
