import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openPage, setupSite, visit } from './harness';

const site = setupSite();

type Queue = { vaq?: unknown[][] };

describe('reader signals', () => {
  it('asks whether the page helped, remembers the answer and sends it to analytics', async () => {
    const { page, problems } = await openPage(site);
    await visit(page, `${site.url}/docs/concepts/users`);
    const feedback = page.getByRole('region', { name: 'Page feedback' });
    await feedback.getByRole('button', { name: 'No' }).click();
    await feedback.getByText('Thanks for your feedback!').waitFor();
    await feedback.getByLabel('What was missing or wrong? (optional)').fill('An example with a reseller');
    await feedback.getByRole('button', { name: 'Send' }).click();
    const events = await page.evaluate(() => (window as unknown as Queue).vaq ?? []);
    assert.deepEqual(events.at(-1), [
      'event',
      {
        name: 'page_feedback',
        data: { page: '/docs/concepts/users', vote: 'no', comment: 'An example with a reseller' },
      },
    ]);
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
    assert.equal(await feedback.getByRole('button', { name: 'No' }).getAttribute('aria-pressed'), 'true');
    assert.deepEqual(problems.errors, []);
  });

  it('shows when each page was last updated', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/docs/kb/kb00004`);
    assert.match(
      await page.locator('.theme-last-updated').innerText(),
      /^Last updated on \w{3} \d{1,2}, \d{4}/,
    );
  });
});
