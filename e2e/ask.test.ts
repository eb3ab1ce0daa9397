import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openPage, setupSite, visit } from './harness';

const site = setupSite();

type Recorded = { statuses: string[] };

describe('Ask AI', () => {
  it('answers from the docs with sources, copy, feedback, follow-ups, and keeps the conversation', async () => {
    const { page, problems } = await openPage(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    await visit(page, `${site.url}/docs/concepts/introduction`);
    await page.evaluate(() => {
      const statuses: string[] = [];
      (window as unknown as Recorded).statuses = statuses;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('[role="dialog"] [role="status"]')) {
          const text = element.textContent ?? '';
          if (statuses.at(-1) !== text) statuses.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('Which port does RabbitMQ use for TLS');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Tab');
    assert.match((await page.evaluate(() => document.activeElement?.textContent)) ?? '', /^Ask AI/);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog');
    await dialog.getByRole('region', { name: 'Related sources' }).waitFor();
    const statuses = await page.evaluate(() => (window as unknown as Recorded).statuses);
    assert.ok(statuses.indexOf('Searching...') >= 0, `statuses: ${statuses.join(' | ')}`);
    assert.ok(
      statuses.indexOf('Thinking...') > statuses.indexOf('Searching...'),
      `statuses: ${statuses.join(' | ')}`,
    );
    await dialog
      .getByText('Answers are generated with AI which can make mistakes. Verify responses.')
      .waitFor();
    const citation = dialog.getByRole('link', { name: /^Source 1:/ }).first();
    assert.equal(await citation.innerText(), '[1]');
    assert.match((await citation.getAttribute('href')) ?? '', /^\/docs\//);

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    assert.match(await page.evaluate(() => navigator.clipboard.readText()), /\[1\]/);
    await dialog.getByRole('button', { name: 'Like', exact: true }).click();
    await dialog.getByText('Thanks for your feedback!').waitFor();

    await dialog
      .getByRole('textbox', { name: 'Ask a follow-up question' })
      .fill('How do I verify the TLS listener?');
    await dialog.getByRole('button', { name: 'Ask', exact: true }).click();
    await dialog.getByText('How do I verify the TLS listener?').waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('[role="dialog"] [aria-label="Related sources"]').length === 2,
    );

    await page.keyboard.press('Escape');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' });
    await page.keyboard.press('Control+k');
    const recent = page.getByRole('region', { name: 'Recent conversations' });
    await recent.getByRole('button', { name: 'Which port does RabbitMQ use for TLS', exact: true }).click();
    await page.getByText('How do I verify the TLS listener?').waitFor();
    await page.keyboard.press('Escape');
    await recent.getByRole('button', { name: /^Delete the conversation/ }).click();
    await recent.waitFor({ state: 'detached' });
    assert.deepEqual(problems.errors, []);
  });

  it('says plainly when the documentation has no answer', async () => {
    const { page } = await openPage(site);
    await visit(page, `${site.url}/`);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('sourdough bread recipe');
    await page.getByRole('button', { name: /^Ask AI/ }).click();
    await page.getByText('The documentation does not answer this question directly.').waitFor();
  });
});
