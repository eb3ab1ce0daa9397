import { describe, expect, it, vi } from 'vitest';
import config from '../../docusaurus.config';
import { pluginOptions } from '../../scripts/config';
import type { Pipelines } from '../../plugins/content-model';
import remarkDiagrams from '../../plugins/diagrams/remark';
import remarkCodeBlockImport from '../../plugins/code-highlighting/remark';
import remarkApiMentions from '../../plugins/api-mentions';
import remarkProductModel from '../../plugins/product-model';
import remarkLifecycle from '../../plugins/lifecycle';

const themeConfig = config.themeConfig as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('site configuration', () => {
  it('names the site', () => {
    expect(config.title).toBe('Services Manager Docs');
    expect(config.tagline).toBe('The new home for product information and learning.');
  });

  it('fails the build on broken links, anchors and Markdown links', () => {
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.onBrokenAnchors).toBe('throw');
    expect(config.markdown?.hooks?.onBrokenMarkdownLinks).toBe('throw');
  });

  it('is English only, left to right', () => {
    expect(config.i18n).toMatchObject({ defaultLocale: 'en', locales: ['en'] });
    expect(config.i18n?.localeConfigs?.en?.direction).toBe('ltr');
  });

  it('starts light, shows the switch and ignores the system preference', () => {
    expect(themeConfig.colorMode).toEqual({
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    });
  });

  it('persists the docs version in local storage and shows headings 2–3 in the table of contents', () => {
    expect(themeConfig.docs.versionPersistence).toBe('localStorage');
    expect(themeConfig.tableOfContents).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 3 });
  });

  it('has one docs version, current, labelled Next, and a controlled tag list', () => {
    expect(pluginOptions(config, './plugins/guides-docs/index.ts')).toMatchObject({
      tags: 'tags.yml',
      onInlineTags: 'throw',
      lastVersion: 'current',
      versions: { current: { label: 'Next' } },
    });
  });

  it('has a navbar that stays put and a dark footer with only a copyright line', () => {
    expect(themeConfig.navbar.hideOnScroll).toBe(false);
    expect(themeConfig.footer).toEqual({
      style: 'dark',
      copyright: expect.stringMatching(/^Copyright © 2025 /),
    });
  });

  it('has a closeable announcement bar with an id', () => {
    expect(themeConfig.announcementBar).toMatchObject({ id: expect.any(String), isCloseable: true });
  });
});

describe('search provider configuration', () => {
  it('uses the local index and no preconnect by default', () => {
    expect(config.headTags).toEqual([]);
    expect((config.customFields?.search as { algolia?: unknown }).algolia).toBeUndefined();
  });

  it('switches to Algolia and preconnects to its host when all three settings are given', async () => {
    const keys = {
      DOCS_ALGOLIA_APP_ID: 'APPID',
      DOCS_ALGOLIA_SEARCH_KEY: 'search-key',
      DOCS_ALGOLIA_INDEX: 'docs',
    };
    for (const [key, value] of Object.entries(keys)) vi.stubEnv(key, value);
    vi.resetModules();
    const { default: withAlgolia } = await import('../../docusaurus.config');
    // Later test files in this worker import the config as the environment makes it.
    vi.resetModules();
    expect(withAlgolia.headTags).toEqual([
      {
        tagName: 'link',
        attributes: { rel: 'preconnect', href: 'https://APPID-dsn.algolia.net', crossorigin: 'anonymous' },
      },
    ]);
    expect((withAlgolia.customFields?.search as { algolia?: unknown }).algolia).toMatchObject({
      appId: 'APPID',
      apiKey: 'search-key',
      indexName: 'docs',
    });
  });

  it('runs the site’s transforms in MDX, and parses docs for search and twins with the same lists', () => {
    const guides = pluginOptions(config, './plugins/guides-docs/index.ts');
    const api = pluginOptions(config, '@docusaurus/plugin-content-docs');
    // Only the site's transforms: the content model reads the tree they leave (plugins/content-model/
    // parse.ts), so the MDX pass has nothing to record for it.
    const plugins = (list: unknown) =>
      (list as unknown[]).map((entry) => (Array.isArray(entry) ? entry[0] : entry));
    expect(plugins(guides.remarkPlugins)).toEqual([
      remarkDiagrams,
      remarkCodeBlockImport,
      remarkLifecycle,
      remarkApiMentions,
      remarkProductModel,
    ]);
    expect(plugins(api.remarkPlugins)).toEqual([remarkDiagrams, remarkCodeBlockImport, remarkApiMentions]);
    for (const name of ['./plugins/search-index/index.ts', './plugins/markdown-export/index.ts']) {
      const { pipelines } = pluginOptions(config, name) as { pipelines: Pipelines };
      expect(pipelines.default.remarkPlugins).toBe(guides.remarkPlugins);
      expect(pipelines.api.remarkPlugins).toBe(api.remarkPlugins);
      expect(pipelines.api.beforeDefaultRemarkPlugins).toBe(api.beforeDefaultRemarkPlugins);
    }
  });
});
