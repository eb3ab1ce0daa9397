import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Tiny sites built with the real configuration's failure policy: each has one mistake a writer could
 * make, and the build must stop with a message that names the file.
 */
const ROOT = path.resolve(__dirname, '../..');
const FIXTURES = path.join(ROOT, 'node_modules/.cache/build-failure-fixtures');

const CONFIG = `
import type { Config } from '@docusaurus/types';
import real from '${path.join(ROOT, 'docusaurus.config')}';
import { pluginOptions } from '${path.join(ROOT, 'scripts/config')}';

const guidesDocsOptions = pluginOptions(real, './plugins/guides-docs/index.ts');

const config: Config = {
  title: 'Fixture',
  url: 'http://localhost',
  baseUrl: '/',
  onBrokenLinks: real.onBrokenLinks,
  onBrokenAnchors: real.onBrokenAnchors,
  markdown: real.markdown,
  future: real.future,
  presets: [
    [
      'classic',
      {
        docs: false,
        blog: false,
        pages: false,
        theme: {},
      },
    ],
  ],
  plugins: [
    [
      '${path.join(ROOT, 'plugins/guides-docs/index.ts')}',
      {
        tags: guidesDocsOptions.tags,
        onInlineTags: guidesDocsOptions.onInlineTags,
        remarkPlugins: guidesDocsOptions.remarkPlugins,
        sidebarPath: false,
      },
    ],
  ],
};
export default config;
`;

function buildFixture(name: string, pages: Record<string, string>) {
  const dir = path.join(FIXTURES, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'docs'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'docusaurus.config.ts'), CONFIG);
  fs.writeFileSync(path.join(dir, 'docs/tags.yml'), 'billing:\n  label: Billing\n  permalink: /billing\n');
  for (const [file, text] of Object.entries(pages)) fs.writeFileSync(path.join(dir, 'docs', file), text);
  const result = spawnSync('npx', ['docusaurus', 'build', dir], {
    encoding: 'utf8',
    timeout: 240_000,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

const page = (body: string, tags = '[billing]') => `---\ntitle: Page\ntags: ${tags}\n---\n\n${body}\n`;

afterAll(() => fs.rmSync(FIXTURES, { recursive: true, force: true }));

describe('the build fails with a message a writer can act on', () => {
  it('for a tag that is not in tags.yml, naming the file and the tag', () => {
    const { status, output } = buildFixture('unknown-tag', {
      'intro.md': page('Hello.', '[billing, biling]'),
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/doc at path path=.*\/unknown-tag\/docs\/intro\.md/);
    expect(output).toContain('Tags [biling] used in intro.md are not defined in tags.yml');
  });

  it('for a Markdown link to a page that does not exist, naming the file and the link', () => {
    const { status, output } = buildFixture('broken-markdown-link', {
      'intro.md': page('See [the setup guide](./setup-guide.md).'),
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/Markdown link with URL `\.\/setup-guide\.md` in source file ".*docs\/intro\.md"/);
  });

  it('for a link to a route that does not exist, naming the page and the link', () => {
    const { status, output } = buildFixture('broken-route-link', {
      'intro.md': page('See [billing](/docs/billing-setup).'),
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(
      /Broken link on source page path = \/docs\/intro:(\s+-> linking to \S+)*\s+-> linking to \/docs\/billing-setup\n/,
    );
    expect(output).toContain('Docusaurus found broken links!');
  });

  it('for an operation the specification does not have, naming the file, the line and the nearest one', () => {
    const { status, output } = buildFixture('unknown-operation', {
      'intro.md': page('List them with `GET /api/v2/customers/{customerId}/user`.'),
    });
    expect(status).not.toBe(0);
    expect(output).toContain(
      'docs/intro.md:6: `GET /api/v2/customers/{customerId}/user` is not an operation of the REST API v2 specification',
    );
    expect(output).toContain('The nearest operation is `GET /customers/{customerId}/users` (listUsers).');
  });

  it('for malformed front matter, naming the file', () => {
    const { status, output } = buildFixture('bad-front-matter', {
      'intro.md': '---\ntitle: [unclosed\n---\n\nHello.\n',
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/docs\/intro\.md/);
  });
});
