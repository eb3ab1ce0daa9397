/**
 * What the MCP server knows, read once from a production build: the pages' content models and the
 * API's operations in content.json, the Markdown twins and the search index. Nothing here touches the
 * network or reads the specification, and no Markdown is parsed: the build wrote each page's structure.
 */
import fs from 'node:fs';
import path from 'node:path';
import { searchBuild } from '@services-manager-docs/core/search/fromBuild';
import type { SearchProvider } from '@services-manager-docs/core/search/types';
import {
  CONTENT_FILE,
  type BuildOperation,
  type ContentFile,
} from '@services-manager-docs/core/content/build';
import { plainOf, type DocContent } from '@services-manager-docs/core/content/model';
import { toSitePath } from './text';

export type Page = {
  /** Site path without trailing slash, base URL included: `/docs/kb/kb00017`. */
  path: string;
  title: string;
  description: string;
  tags: string[];
  /** The sidebar section, as search results name it. */
  section: string;
  /** The Markdown twin, its links pointing at `origin`. */
  markdown: string;
  /** The page's sections and units, as the build recorded them. */
  content: DocContent;
};

export type Operation = Omit<BuildOperation, 'url'> & { page?: Page };

export type KbArticle = { number?: string; title: string; area: string; page: Page };

export type Site = {
  /** Where the site is served (DOCS_URL); every URL in a result starts with it. */
  origin: string;
  pages: Map<string, Page>;
  operations: Operation[];
  /** Cortex cmdlet reference pages by lower-case cmdlet name. */
  cmdletPages: Map<string, Page>;
  kb: KbArticle[];
  search: SearchProvider;
  /** The files the build publishes for API clients and assistants (content.json's `downloads`). */
  downloads: Download[];
  /** The page a URL or path names, or undefined. */
  find(input: string): Page | undefined;
  url(sitePath: string): string;
};

export class SiteError extends Error {
  override name = 'SiteError';
}

const CMDLET_PREFIX = '/docs/developer/api/cortex/';

export const resourceUri = (sitePath: string) => `docs:/${sitePath}`;

/** A file of the build served as a resource, its text read when the server starts. */
export type Download = {
  uri: string;
  /** The file's name, unique among the downloads: `openapi.json`. */
  name: string;
  title: string;
  description: string;
  mimeType: string;
  text: string;
};

/**
 * The downloads content.json lists, read from the build. A listed file outside the build or missing
 * throws naming it and the command to run.
 */
export function readDownloads(
  buildDir: string,
  content: Pick<ContentFile, 'baseUrl' | 'downloads'>,
): Download[] {
  const root = path.resolve(buildDir);
  return (content.downloads ?? []).map((entry) => {
    const file = path.resolve(root, ...entry.path.slice(content.baseUrl.length).split('/'));
    if (!file.startsWith(root + path.sep))
      throw new SiteError(`${CONTENT_FILE}: the download ${entry.path} is outside the build.`);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      throw new SiteError(`${file}: ${entry.title} is missing from the build; run "npm run build" again.`);
    }
    return {
      uri: resourceUri(entry.path),
      name: path.basename(entry.path),
      title: entry.title,
      description: entry.description,
      mimeType: entry.mimeType,
      text,
    };
  });
}

/** KB number → area, from the knowledge-base index's table rows (`KB00001` | title | area | …). */
export function kbAreas(index: DocContent | undefined): Map<string, string> {
  const areas = new Map<string, string>();
  for (const section of index?.sections ?? [])
    for (const unit of section.units) {
      if (unit.type !== 'table') continue;
      for (const [number, , area] of unit.rows) {
        const kb = plainOf(number ?? []);
        if (/^KB\d+$/.test(kb) && area?.some((node) => node.type === 'link')) areas.set(kb, plainOf(area));
      }
    }
  return areas;
}

/** The build's content.json, or a SiteError naming the command to run. */
function readContent(buildDir: string): ContentFile {
  const file = path.join(buildDir, CONTENT_FILE);
  try {
    const model = JSON.parse(fs.readFileSync(file, 'utf8')) as ContentFile;
    if (
      !Array.isArray(model?.pages) ||
      !Array.isArray(model.operations) ||
      typeof model.baseUrl !== 'string' ||
      typeof model.origin !== 'string'
    )
      throw new Error('not a content model');
    return model;
  } catch (error) {
    throw new SiteError(`${file}: ${(error as Error).message.split('\n')[0]}; run "npm run build" again.`);
  }
}

export type SiteOptions = {
  buildDir: string;
  /** Where the site is served; by default the origin the build was made for. */
  origin?: string;
};

/** Reads the build; a missing or incomplete build is a SiteError naming the command to run. */
export async function loadSite({ buildDir, origin: wanted }: SiteOptions): Promise<Site> {
  if (!fs.existsSync(path.join(buildDir, 'llms.txt')))
    throw new SiteError(
      `No production build in ${buildDir}: run "npm run build" first (or pass --build DIR).`,
    );
  const search = searchBuild(buildDir);
  const model = readContent(buildDir);
  const origin = (wanted || model.origin).replace(/\/+$/, '');
  const base = model.baseUrl;
  const pages = new Map<string, Page>();
  for (const entry of model.pages) {
    const sitePath = toSitePath(entry.url);
    const twin = path.join(buildDir, ...entry.twin.slice(base.length).split('/'));
    if (!path.resolve(twin).startsWith(path.resolve(buildDir) + path.sep))
      throw new SiteError(`${CONTENT_FILE}: the twin ${entry.twin} is outside the build.`);
    let text: string;
    try {
      text = fs.readFileSync(twin, 'utf8');
    } catch {
      throw new SiteError(
        `${twin}: the Markdown twin of ${entry.url} is missing; run "npm run build" again.`,
      );
    }
    pages.set(sitePath, {
      path: sitePath,
      title: entry.title,
      description: entry.description,
      tags: entry.tags,
      section: entry.section,
      markdown: model.origin === origin ? text : text.split(`${model.origin}/`).join(`${origin}/`),
      content: entry.content,
    });
  }
  if (!pages.size) throw new SiteError(`No pages in ${buildDir}: run "npm run build" again.`);

  // Each operation's reference page, as the build recorded it.
  const operations = model.operations.map(({ url, ...op }) => ({ ...op, page: pages.get(toSitePath(url)) }));

  const cmdletPrefix = `${base}${CMDLET_PREFIX.slice(1)}`;
  const cmdletPages = new Map(
    [...pages.values()]
      .filter((page) => page.path.startsWith(cmdletPrefix))
      .map((page) => [page.path.slice(cmdletPrefix.length).toLowerCase(), page]),
  );

  const areas = kbAreas([...pages.values()].find((page) => page.path.endsWith('/kb/article-index'))?.content);
  const appliesTo = (page: Page) =>
    page.content.sections.some(
      (section) => section.level === 2 && /^Applies to\b/.test(plainOf(section.heading)),
    );
  const kb = [...pages.values()]
    .filter((page) => page.tags.includes('KB') && appliesTo(page))
    .map((page): KbArticle => {
      const number = /^KB\d+/.exec(page.title)?.[0];
      const service = /^(.*\/services\/[^/]+)\/kb\//.exec(page.path)?.[1];
      const area = (number && areas.get(number)) || (service && pages.get(service)?.title) || page.section;
      return { ...(number ? { number } : {}), title: page.title, area, page };
    })
    // Numbered articles first, in number order, then the services' own articles by address.
    .sort(
      (a, b) =>
        Number(!a.number) - Number(!b.number) ||
        (a.number ?? a.page.path).localeCompare(b.number ?? b.page.path),
    );

  const find = (input: string) => {
    const wanted = toSitePath(input);
    return pages.get(wanted) ?? pages.get(toSitePath(`${base}${wanted.slice(1)}`));
  };
  return {
    origin,
    pages,
    downloads: readDownloads(buildDir, model),
    operations,
    cmdletPages,
    kb,
    search,
    find,
    url: (sitePath) => `${origin}${sitePath}`,
  };
}
