import path from 'node:path';
import fs from 'node:fs/promises';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { LoadedContent } from '@docusaurus/plugin-content-docs';
import { applyTrailingSlash } from '@docusaurus/utils-common';
import { buildTagIndex, type TagIndex } from './buildIndex';

/** Where the index is written, relative to the build output (and served at the same path). */
export const INDEX_FILE = 'metadata/docs-index.json';

/**
 * Indexes document tags once all content is loaded: writes a JSON index (doc → tags, tag → docs) next
 * to the built site for search and other tools, and puts each doc's tags in its `keywords` meta tag
 * (see theme/DocItem/Metadata).
 */
export default function metadataPlugin(context: LoadContext): Plugin {
  let index: TagIndex | undefined;
  return {
    name: 'services-manager-metadata',
    getThemePath: () => path.join(__dirname, 'theme'),
    async allContentLoaded({ allContent }) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
      const { trailingSlash, baseUrl } = context.siteConfig;
      // Paths as the site serves them (the docs plugin keeps the slug's own trailing slash).
      const entries = (docs?.loadedVersions.flatMap((version) => version.docs) ?? []).map((doc) => ({
        ...doc,
        permalink: applyTrailingSlash(doc.permalink, { trailingSlash, baseUrl }),
      }));
      index = buildTagIndex(entries);
    },
    async postBuild({ outDir }) {
      if (!index) return;
      const file = path.join(outDir, INDEX_FILE);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, JSON.stringify(index));
    },
  };
}
