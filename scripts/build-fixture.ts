import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/**
 * Tiny sites built with the real configuration's failure policy (its link checks, Markdown options and
 * the guides' docs plugin with its remark plugins), for tests that a writer's mistake stops the build
 * with a message naming the file.
 */
const ROOT = path.resolve(__dirname, '..');
export const FIXTURES = path.join(ROOT, 'node_modules/.cache/build-failure-fixtures');

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

/** Builds a fixture site of the given doc pages; its exit status and its whole output. */
export function buildFixture(name: string, pages: Record<string, string>) {
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

/** A doc page with front matter (a title and tags) and the given body. */
export const page = (body: string, tags = '[billing]') => `---\ntitle: Page\ntags: ${tags}\n---\n\n${body}\n`;

/** Removes every fixture site. */
export const removeFixtures = () => fs.rmSync(FIXTURES, { recursive: true, force: true });
