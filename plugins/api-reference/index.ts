import path from 'node:path';
import type { PluginConfig } from '@docusaurus/types';
import { createApiPageMD, createInfoPageMD, createTagPageMD } from './markdown';
import { MODEL_DOCUMENT } from './lifecycleNotes';

export { GENERATED_DIR, REFERENCE_SIDEBAR_FILE, writeReference } from './generate';
export { GENERATED_DIR, REFERENCE_SIDEBAR_FILE, writeReference } from './generate';
export { default as remarkCortexTables } from './cortex/remark';

/** The docs instance that serves the reference, and where its generated pages are written. */
export const API_DOCS_ID = 'api';
export const GENERATED_DIR = 'api-docs/reference';
export { MODEL_DOCUMENT } from './lifecycleNotes';

/**
 * docusaurus-plugin-openapi-docs, set up to write plain Markdown pages (our generators and template)
 * grouped by tag, into the API docs instance, from the API model's document.
 */
export function apiReferencePlugin(specPath = MODEL_DOCUMENT): PluginConfig {
  const template = path.join(__dirname, 'page.mustache');
  return [
    'docusaurus-plugin-openapi-docs',
    {
      id: 'openapi',
      docsPluginId: API_DOCS_ID,
      config: {
        v2: {
          specPath,
          outputDir: GENERATED_DIR,
          template,
          infoTemplate: template,
          tagTemplate: template,
          sidebarOptions: { groupPathsBy: 'tag', categoryLinkSource: 'tag' },
          markdownGenerators: { createApiPageMD, createInfoPageMD, createTagPageMD },
        },
      },
    },
  ];
}
