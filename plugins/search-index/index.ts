import fs from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { LoadedContent } from '@docusaurus/plugin-content-docs';
import { applyTrailingSlash } from '@docusaurus/utils-common';
import { buildSearchFiles, type SourceSection } from '../../src/search/engine';
import { splitSections } from './sections';
import { popularTopics, sectionLabel } from './labels';
import { expandProductModel } from '../product-model';
import { aliasesFor, glossarySynonyms } from './synonyms';

/** The folder (inside the site's generated files) served as a static directory; see docusaurus.config.ts. */
export const SEARCH_STATIC_DIR = '.docusaurus/search-static';

type Doc = LoadedContent['loadedVersions'][number]['docs'][number];

/**
 * Builds the local search index from the documentation sources (both docs instances) once all content
 * is loaded, so it exists in `npm start` as well as in production builds. The files land under
 * /search/<hash>/ so a new build never serves a stale piece from a browser cache.
 */
export default function searchIndexPlugin(context: LoadContext): Plugin {
  const outRoot = path.join(context.siteDir, SEARCH_STATIC_DIR, 'search');
  // The static directory must exist before the bundler looks at it.
  mkdirSync(outRoot, { recursive: true });
  return {
    name: 'services-manager-search-index',
    async allContentLoaded({ allContent, actions }) {
      const instances = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, LoadedContent>;
      const sections: SourceSection[] = [];
      const tagLabels: string[] = [];
      for (const [pluginId, content] of Object.entries(instances)) {
        for (const version of content.loadedVersions) {
          const docs = [...version.docs].sort((a: Doc, b: Doc) => a.permalink.localeCompare(b.permalink));
          for (const doc of docs) {
            if (doc.unlisted) continue;
            const file = doc.source.replace(/^@site\//, `${context.siteDir}/`);
            // The product model's tables are written by a remark plugin; search finds their words too.
            const source = await expandProductModel(await fs.readFile(file, 'utf8'));
            const markdown = source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
            const url = applyTrailingSlash(doc.permalink, context.siteConfig);
            tagLabels.push(...doc.tags.map((tag) => tag.label));
            sections.push(
              ...splitSections({
                url,
                title: doc.title,
                section: sectionLabel(url),
                markdown,
                docsTag: `docs-${pluginId}-${version.versionName}`,
                tags: doc.tags.map((tag) => tag.label),
              }).map(({ url: sectionUrl, hierarchy, title, heading, text, docsTag }) => ({
                url: sectionUrl,
                hierarchy,
                title,
                heading,
                text,
                docsTag,
              })),
            );
          }
        }
      }
      // The glossary names abbreviations and other names of its terms: sections are found by any of them.
      const glossary = path.join(context.siteDir, 'docs', 'glossary.md');
      const synonyms = glossarySynonyms(await fs.readFile(glossary, 'utf8').catch(() => ''));
      const files = buildSearchFiles(sections, (text) => aliasesFor(text, synonyms));
      const hash = crypto.createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 10);
      const dir = path.join(outRoot, hash);
      await fs.rm(outRoot, { recursive: true, force: true });
      await fs.mkdir(path.join(dir, 'shards'), { recursive: true });
      await fs.mkdir(path.join(dir, 'texts'), { recursive: true });
      const write = (file: string, data: unknown) => fs.writeFile(path.join(dir, file), JSON.stringify(data));
      await Promise.all([
        write('base.json', files.base),
        write('sections.json', files.sections),
        write('shards.json', Object.keys(files.shards).sort()),
        write('suggestions.json', popularTopics(tagLabels)),
        ...Object.entries(files.shards).map(([shard, terms]) => write(`shards/${shard}.json`, terms)),
        ...files.texts.map((chunk, i) => write(`texts/${i}.json`, chunk)),
      ]);
      actions.setGlobalData({ indexUrl: `${context.baseUrl}search/${hash}/`, sections: sections.length });
    },
  };
}
