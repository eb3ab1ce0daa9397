/**
 * `routeFor` (scripts/content.ts) derives each guide's route the way the docs plugin does, so that the
 * content checks can run on the sources before any build. This holds it to the plugin itself: the
 * guides' docs instance, with the options docusaurus.config.ts gives it, loaded as a build loads it.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { LoadContext } from '@docusaurus/types';
import type { LoadedContent, PluginOptions } from '@docusaurus/plugin-content-docs';
import { normalizePluginOptions } from '@docusaurus/utils-validation';
import config from '../../../docusaurus.config';
import guidesDocsPlugin, { validateOptions } from '..';
import { listMarkdown, routeFor } from '../../../scripts/content';

const SITE_DIR = path.resolve(__dirname, '../../..');
const coreRequire = createRequire(require.resolve('@docusaurus/core/package.json'));

/** The site's configuration as Docusaurus completes it, and the context a build gives plugins. */
async function loadContext(): Promise<LoadContext> {
  const { validateConfig } = coreRequire('./lib/server/configValidation.js');
  const { loadI18n } = coreRequire('./lib/server/i18n.js');
  const siteConfig = validateConfig(config, 'docusaurus.config.ts');
  const i18n = await loadI18n({
    siteDir: SITE_DIR,
    config: siteConfig,
    currentLocale: siteConfig.i18n.defaultLocale,
    automaticBaseUrlLocalizationDisabled: false,
  });
  return {
    siteDir: SITE_DIR,
    siteConfig,
    siteConfigPath: path.join(SITE_DIR, 'docusaurus.config.ts'),
    generatedFilesDir: path.join(SITE_DIR, '.docusaurus'),
    localizationDir: path.join(SITE_DIR, siteConfig.i18n.path, i18n.currentLocale),
    outDir: path.join(SITE_DIR, 'build'),
    baseUrl: siteConfig.baseUrl,
    i18n,
    codeTranslations: {},
  } as unknown as LoadContext;
}

/** The guides' docs instance's options in docusaurus.config.ts. */
function guidesOptions(): Record<string, unknown> {
  const entry = config.plugins?.find(
    (plugin) => Array.isArray(plugin) && String(plugin[0]).includes('plugins/guides-docs'),
  ) as [string, Record<string, unknown>] | undefined;
  expect(entry, 'docusaurus.config.ts no longer lists ./plugins/guides-docs').toBeDefined();
  return entry![1];
}

describe('routeFor', () => {
  it('gives every guide the permalink the docs plugin gives it', async () => {
    const context = await loadContext();
    // Last-update dates (from git) and sidebars do not change a route; leaving them out keeps this fast.
    const options = validateOptions({
      validate: normalizePluginOptions,
      options: { ...guidesOptions(), showLastUpdateTime: false, sidebarPath: false },
    } as never) as PluginOptions;
    const plugin = await guidesDocsPlugin(context, options);
    const content = (await plugin.loadContent!()) as LoadedContent;
    const docs = content.loadedVersions.flatMap((version) => version.docs);
    const files = listMarkdown(path.join(SITE_DIR, 'docs')).map((file) => path.relative(SITE_DIR, file));
    expect(docs.length).toBeGreaterThan(100);
    expect(docs.map((doc) => doc.source.replace(/^@site\//, '')).sort(), 'the files both read').toEqual(
      files.sort(),
    );
    const differing = docs.flatMap((doc) => {
      // Routes are compared without a trailing slash (the docs' root is `/docs/` to the plugin).
      const permalink = doc.permalink.replace(/(.)\/$/, '$1');
      const route = routeFor(path.relative('@site/docs', doc.source), doc.frontMatter);
      return route === permalink ? [] : [`${doc.source}: routeFor ${route}, Docusaurus ${permalink}`];
    });
    expect(differing, 'update routeFor in scripts/content.ts to the docs plugin’s slug rules').toEqual([]);
  });
});
