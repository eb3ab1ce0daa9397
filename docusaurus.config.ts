import path from 'node:path';
import type { Config } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import { darkCodeTheme, lightCodeTheme } from './src/prismTheme';
import remarkDiagrams from './plugins/diagrams/remark';
import remarkCodeBlockImport from './plugins/code-highlighting/remark';
import remarkApiMentions from './plugins/api-mentions';
import remarkProductModel from './plugins/product-model';
import remarkLifecycle from './plugins/lifecycle';
import rehypeTaskListLabels from './plugins/task-list-labels';
import { announcement, askSettings, baseUrl, searchSettings, siteLinks, siteUrl } from './site.links';
import { apiSpecSource } from '@services-manager-docs/core/api/source';
import { API_DOCS_ID, remarkCortexTables } from './plugins/api-reference';
import { SEARCH_STATIC_DIR } from './plugins/search-index';
import { PAGE_TEMPLATE } from './plugins/page-scripts/template';
import type { Pipelines } from './plugins/content-model';

// The REST API v2 specification: a path or URL from DOCS_OPENAPI_SPEC, else the one in this repository.
const apiSpec = apiSpecSource();
// Hosts that do not serve the Vercel insights script turn analytics off with DOCS_ANALYTICS=off.
const analyticsEnabled = process.env.DOCS_ANALYTICS !== 'off';

/** The guides' docs instance (docs/). */
const guidesDocsOptions = {
  sidebarPath: './sidebars.ts',
  tags: 'tags.yml',
  onInlineTags: 'throw',
  lastVersion: 'current',
  // From git history; in a shallow clone or without git the date falls back quietly.
  showLastUpdateTime: true,
  versions: { current: { label: 'Next' } },
  // Mermaid diagrams are pre-rendered images (npm run diagrams), so no page loads a renderer;
  // pages with code load the highlighter with their own chunk. Operations written as
  // `METHOD /path` link to their reference page, and must exist in the specification;
  // ::product-model lines show docs/product-model.yml; ::lifecycle lines show a schema's x-lifecycle.
  // The search index, the Markdown twins and the MCP server read each page as these plugins leave it:
  // the content model runs every doc through this list again (plugins/content-model).
  remarkPlugins: [
    remarkDiagrams,
    remarkCodeBlockImport,
    [remarkLifecycle, { spec: apiSpec }],
    [remarkApiMentions, { spec: apiSpec }],
    [remarkProductModel, { spec: apiSpec }],
  ],
  // Task-list checkboxes are named after their item.
  rehypePlugins: [rehypeTaskListLabels],
} satisfies DocsOptions;

/** The API reference's docs instance (api-docs/). */
const apiDocsOptions = {
  id: API_DOCS_ID,
  path: 'api-docs',
  routeBasePath: 'docs/developer/api',
  sidebarPath: './sidebars-api.ts',
  tags: '../docs/tags.yml',
  onInlineTags: 'throw',
  remarkPlugins: [remarkDiagrams, remarkCodeBlockImport, [remarkApiMentions, { spec: apiSpec }]],
  beforeDefaultRemarkPlugins: [[remarkCortexTables, { siteDir: __dirname }]],
  // Task-list checkboxes are named after their item.
  rehypePlugins: [rehypeTaskListLabels],
} satisfies DocsOptions;

/**
 * Each docs instance's remark plugins: the content model runs every doc through these very lists
 * (plugins/content-model/parse.ts) for the search index and the Markdown twins.
 */
const contentPipelines: Pipelines = {
  default: { remarkPlugins: guidesDocsOptions.remarkPlugins },
  [API_DOCS_ID]: {
    beforeDefaultRemarkPlugins: apiDocsOptions.beforeDefaultRemarkPlugins,
    remarkPlugins: apiDocsOptions.remarkPlugins,
  },
};

const config: Config = {
  title: 'Services Manager Docs',
  tagline: 'The new home for product information and learning.',
  favicon: 'img/favicon.svg',
  url: siteUrl,
  baseUrl,
  // Pages are written as folder/index.html, which every static host serves at the clean path.
  trailingSlash: undefined,

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',

  future: { v4: true, faster: true },
  // Docusaurus's page template, with each page's scripts evaluated after its first paint.
  ssrTemplate: PAGE_TEMPLATE,

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: { en: { label: 'English', direction: 'ltr', htmlLang: 'en' } },
  },

  markdown: {
    // .md files are CommonMark (no JSX surprises for writers); .mdx files are MDX.
    format: 'detect',
    hooks: {
      onBrokenMarkdownLinks: 'throw',
      onBrokenMarkdownImages: 'throw',
    },
  },

  customFields: { siteLinks, search: searchSettings, ask: askSettings },

  // Only a hosted search provider needs an early connection to its host.
  headTags: searchSettings.algolia
    ? [
        {
          tagName: 'link',
          attributes: {
            rel: 'preconnect',
            href: `https://${searchSettings.algolia.appId}-dsn.algolia.net`,
            crossorigin: 'anonymous',
          },
        },
      ]
    : [],

  // The local search index is written at build time into a generated folder served like static/.
  staticDirectories: ['static', SEARCH_STATIC_DIR],

  presets: [
    [
      'classic',
      {
        // The guides' docs instance is ./plugins/guides-docs below.
        docs: false,
        blog: false,
        pages: {
          remarkPlugins: [remarkCodeBlockImport],
          rehypePlugins: [rehypeTaskListLabels],
          exclude: [
            '**/_*.{js,jsx,ts,tsx,md,mdx}',
            '**/_*/**',
            '**/*.test.{js,jsx,ts,tsx}',
            '**/__tests__/**',
          ],
        },
        theme: { customCss: './src/css/custom.css' },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    // The guides: the classic docs plugin, less a table of every doc that only doc cards read.
    ['./plugins/guides-docs/index.ts', guidesDocsOptions],
    ['./plugins/analytics/index.ts', { enabled: analyticsEnabled }],
    './plugins/metadata/index.ts',
    './plugins/code-highlighting/index.ts',
    './plugins/utils-common-entry/index.ts',
    './plugins/early-input/index.ts',
    './plugins/page-scripts/index.ts',
    // The framework patches (patches/, applied on install) are build dependencies of the bundler cache.
    './plugins/patch-cache/index.ts',
    ['./plugins/search-index/index.ts', { pipelines: contentPipelines }],
    // For API consumers: the specification (as written and in OpenAPI 3), a Postman collection and
    // SKILL.md, made while the site loads and written first when the build is done.
    ['./plugins/api-kit/index.ts', { spec: apiSpec }],
    // The Markdown twins, llms.txt, llms-full.txt and content.json (npm run build then completes the
    // build for a host: plugins/static-host).
    ['./plugins/markdown-export/index.ts', { pipelines: contentPipelines, spec: apiSpec }],
    // The API reference is its own docs instance, generated from the specification before each build
    // (npm run gen:api).
    ['@docusaurus/plugin-content-docs', apiDocsOptions],
    // The main docs page is served at /docs; its own path stays reachable.
    [
      '@docusaurus/plugin-client-redirects',
      { redirects: [{ from: '/docs/how-to-use-the-docs', to: '/docs' }] },
    ],
    // Offline reading: a service worker that, once the reader asks, keeps every page and the search index.
    [
      '@docusaurus/plugin-pwa',
      {
        offlineModeActivationStrategies: ['appInstalled', 'standalone'],
        swRegister: path.join(__dirname, 'src/pwa/registerSw.ts'),
        pwaHead: [{ tagName: 'link', rel: 'manifest', href: `${baseUrl}manifest.json` }],
        // Pages and search, not the files other plugins write in their own postBuild at the same time
        // (whether they were there when the worker's list was made would be timing): the API downloads
        // and the MCP server's content.json are for tools, not for reading offline.
        injectManifestConfig: { globIgnores: ['openapi/**', 'content.json', 'SKILL.md'] },
      },
    ],
  ],

  themeConfig: {
    metadata: [{ name: 'theme-color', content: '#1b5e9e' }],
    announcementBar: {
      id: announcement.id,
      content: announcement.content,
      backgroundColor: '#1b5e9e',
      textColor: '#ffffff',
      isCloseable: true,
    },
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    docs: {
      versionPersistence: 'localStorage',
      sidebar: { hideable: false, autoCollapseCategories: false },
    },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    navbar: {
      title: 'Services Manager Docs',
      hideOnScroll: false,
      logo: { alt: 'Services Manager', src: 'img/logo.svg' },
      items: [
        { type: 'docSidebar', sidebarId: 'docsSidebar', position: 'left', label: 'Docs' },
        { href: siteLinks.supportPortal, label: 'Support Portal', position: 'left' },
        { href: siteLinks.releases, label: 'Releases', position: 'left' },
        { href: siteLinks.website, label: 'Website', position: 'right' },
        { type: 'search', position: 'right' },
        // Shown in the mobile sidebar only (see custom.css); the site has one locale.
        { type: 'localeDropdown', position: 'right', className: 'navbar-locale-mobile' },
      ],
    },
    footer: {
      style: 'dark',
      copyright: 'Copyright © 2025 Services Manager. All rights reserved.',
    },
    prism: {
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      // The code block highlights with its own Prism and the docs' languages
      // (plugins/code-highlighting/prism.ts), loaded only with pages that have code.
      additionalLanguages: [],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
