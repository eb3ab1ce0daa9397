import fs from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { buildSearchFiles } from '@services-manager-docs/core/search/engine';
import { contentDocs, type Pipelines } from '../content-model';
import { glossaryEntries, searchSections } from './sections';
import { popularTopics } from './labels';
import { aliasesFor, glossarySynonyms, titleNamesFor } from './synonyms';
import { QUERIES_DIR, pagesWithoutQueries, readQueries, withQueries } from './queries';

/** The folder (inside the site's generated files) served as a static directory; see docusaurus.config.ts. */
export const SEARCH_STATIC_DIR = '.docusaurus/search-static';

/**
 * Builds the local search index from the docs' content model (both docs instances, see
 * ../content-model) once all content is loaded, so it exists in `npm start` as well as in production
 * builds. The files land under /search/<hash>/ so a new build never serves a stale piece from a
 * browser cache.
 */
export default function searchIndexPlugin(context: LoadContext, options: { pipelines: Pipelines }): Plugin {
  const outRoot = path.join(context.siteDir, SEARCH_STATIC_DIR, 'search');
  // The static directory must exist before the bundler looks at it.
  mkdirSync(outRoot, { recursive: true });
  return {
    name: 'services-manager-search-index',
    async allContentLoaded({ allContent, actions }) {
      const docs = (await contentDocs(context, allContent, options.pipelines))
        .filter((entry) => !entry.doc.unlisted)
        .sort(
          (a, b) => a.pluginId.localeCompare(b.pluginId) || a.doc.permalink.localeCompare(b.doc.permalink),
        );
      const listed = docs.flatMap(searchSections);
      const queries = readQueries(path.join(context.siteDir, QUERIES_DIR), listed);
      const without = pagesWithoutQueries(listed, queries);
      if (without.length)
        throw new Error(
          `No search queries for ${without.join(', ')}: write ${without.map((page) => `${QUERIES_DIR}${page}.yml`).join(', ')} (CONTRIBUTING.md, "What readers type").`,
        );
      const sections = withQueries(listed, queries);
      const tagLabels = docs.flatMap((entry) => entry.doc.tags.map((tag) => tag.label));
      // The glossary names abbreviations and other names of its terms: sections are found by any of them.
      const glossary = docs.find((entry) => entry.file === path.join(context.siteDir, 'docs', 'glossary.md'));
      const synonyms = glossarySynonyms(glossary ? glossaryEntries(glossary.content) : []);
      const files = buildSearchFiles(
        sections.map((section) => {
          const titleNames = titleNamesFor(section.title, synonyms);
          return titleNames.length ? { ...section, titleNames } : section;
        }),
        (text) => aliasesFor(text, synonyms),
      );
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
