import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createAskProxy } from '../scripts/ask-proxy';
import { ASK_ENDPOINT_KEY } from '../plugins/e2e-fixtures/constants';
import { openPage, setupSite, visit } from './harness';

const site = setupSite();

/** What the stand-in model answers: Markdown with a citation, code, and markup that must stay text. */
const MODEL_ANSWER = [
  'Invoices are created on each **billing day** [1].',
  '',
  '```powershell',
  'Get-SMInvoice -Customer contoso',
  '```',
  '',
  '<img src=x onerror="window.injected=1"><script>window.injected=1</script>',
  '[Run this](javascript:window.injected=1) or read [the billing guide](/docs/billing).',
].join('\n');

/**
 * A stand-in for an OpenAI-compatible model behind the real Ask AI proxy. It streams MODEL_ANSWER in
 * small pieces, fails for a question containing "FAIL", and stalls for one containing "HANG".
 */
let proxyUrl = '';
const servers: http.Server[] = [];
async function listen(server: http.Server) {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
before(async () => {
  const model = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', async () => {
      const question = JSON.parse(body).messages.at(-1).content as string;
      if (question.includes('FAIL')) return void res.writeHead(503).end();
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      if (question.includes('HANG')) return void res.write(': waiting\n\n');
      for (const piece of MODEL_ANSWER.match(/[\s\S]{1,12}/g)!) {
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end('data: [DONE]\n\n');
    });
  });
  const modelUrl = await listen(model);
  proxyUrl = await listen(
    createAskProxy({
      apiKey: 'e2e-key',
      baseUrl: modelUrl,
      allowedOrigins: ['*'],
      rateLimit: 0,
      log: () => {},
    }),
  );
});
after(() => servers.forEach((server) => server.close()));

/** A page whose Ask AI uses the configured engine: the site's `/__e2e/ask` path, relayed to the proxy. */
async function withModel(page: Page) {
  await page.addInitScript(([key]) => sessionStorage.setItem(key, '/__e2e/ask'), [ASK_ENDPOINT_KEY]);
  await page.route('**/__e2e/ask', async (route) => {
    if (route.request().postData()?.includes('HANG')) return; // never answered: the reader closes the dialog
    await route.fulfill({ response: await route.fetch({ url: `${proxyUrl}/ask` }) });
  });
}

async function askAi(page: Page, question: string) {
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill(question);
  await page.getByRole('button', { name: /^Ask AI/ }).click();
}

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

    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await dialog.getByRole('button', { name: 'Copied!', exact: true }).waitFor();
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

  it('streams a configured model answer through the proxy, rendered safely with its sources', async () => {
    const { page, problems } = await openPage(site);
    await withModel(page);
    await visit(page, `${site.url}/`);
    await askAi(page, 'When are invoices created');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('region', { name: 'Related sources' }).waitFor();
    await dialog.getByText('Get-SMInvoice -Customer contoso').waitFor();
    assert.equal(await dialog.locator('pre code, pre').first().isVisible(), true);
    assert.equal(await dialog.locator('strong', { hasText: 'billing day' }).count(), 1);
    assert.match(
      (await dialog.getByRole('link', { name: /^Source 1:/ }).getAttribute('href')) ?? '',
      /^\/docs\//,
    );
    // Markup in the answer is shown as text; the unsafe link keeps its words but is no link.
    await dialog.getByText('<script>window.injected=1</script>', { exact: false }).waitFor();
    assert.equal(await dialog.locator('script, img[src="x"]').count(), 0);
    assert.equal(await dialog.getByRole('link', { name: 'Run this' }).count(), 0);
    assert.equal(
      await dialog.getByRole('link', { name: 'the billing guide' }).getAttribute('href'),
      '/docs/billing',
    );
    assert.equal(await page.evaluate(() => (window as { injected?: number }).injected), undefined);
    assert.deepEqual(problems.errors, []);
  });

  it('shows a failing answer service as a message, and cancels the request when the dialog closes', async () => {
    const { page } = await openPage(site);
    await withModel(page);
    await visit(page, `${site.url}/`);
    await askAi(page, 'FAIL billing question');
    await page.getByRole('dialog').getByRole('alert').waitFor();
    assert.match(await page.getByRole('dialog').getByRole('alert').innerText(), /answer service/i);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const cancelled = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/__e2e/ask'));
    await askAi(page, 'HANG billing question');
    await page.getByText('Thinking...').waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    assert.match((await cancelled).failure()?.errorText ?? '', /ABORTED/);
  });
});
