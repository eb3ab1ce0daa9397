/**
 * What the MCP server knows, read once from a production build (the pages' content models in
 * content.json, their Markdown twins, the search index) and the API specification. Nothing here
 * touches the network, and no Markdown is parsed: the build wrote each page's structure.
 */
import fs from 'node:fs';
import path from 'node:path';
import { apiModel, SpecError, type ApiModel, type Operation as ApiOperation } from '@services-manager-docs/core/api';
import { searchBuild } from '@services-manager-docs/core/search/fromBuild';
import type { SearchProvider } from '@services-manager-docs/core/search/types';
import { referenceRoute } from '../plugins/api-mentions/operations';
import { CONTENT_FILE, type ContentFile } from '../plugins/markdown-export/paths';
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

export type Operation = {
  operationId: string;
  method: string;
  /** As the specification writes it, without the base path: `/customers/{customerId}/plans`. */
  path: string;
  summary: string;
  cmdlet?: string;
  page?: Page;
};

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
  /** The page a URL or path names, or undefined. */
  find(input: string): Page | undefined;
  url(sitePath: string): string;
};

export class SiteError extends Error {
  override name = 'SiteError';
}

const CMDLET_PREFIX = '/docs/developer/api/cortex/';

/** The API model's operations as the tools show them, with the Cortex cmdlet each names. */
export function siteOperations(operations: readonly ApiOperation[]): Omit<Operation, 'page'>[] {
  return operations.map((op) => {
    const cmdlet = op['x-cortex']?.cmdlet;
    return {
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      summary: op.summary,
      ...(typeof cmdlet === 'string' ? { cmdlet } : {}),
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
    if (!Array.isArray(model?.pages) || typeof model.baseUrl !== 'string' || typeof model.origin !== 'string')
      throw new Error('not a content model');
    return model;
  } catch (error) {
    throw new SiteError(`${file}: ${(error as Error).message.split('\n')[0]}; run "npm run build" again.`);
  }
}

export type SiteOptions = { buildDir: string; specFile: string; origin: string };

/** Reads the build and the specification; a missing build is a SiteError naming the command to run. */
export async function loadSite({ buildDir, specFile, origin: rawOrigin }: SiteOptions): Promise<Site> {
  const origin = rawOrigin.replace(/\/+$/, '');
  if (!fs.existsSync(path.join(buildDir, 'llms.txt')))
    throw new SiteError(
      `No production build in ${buildDir}: run "npm run build" first (or pass --build DIR).`,
    );
  const search = searchBuild(buildDir);
  let api: ApiModel;
  try {
    api = await apiModel({ kind: 'file', location: specFile }, { cmdletsFile: false });
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    throw new SiteError(`${error.message} (pass --spec FILE).`);
  }

  const model = readContent(buildDir);
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

  // Each operation's reference page is where the generator puts it, derived from its operation id.
  const operations = siteOperations(api.operations).map((op) => ({
    ...op,
    page: pages.get(`${base}${referenceRoute(op).slice(1)}`),
  }));

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
    operations,
    cmdletPages,
    kb,
    search,
    find,
    url: (sitePath) => `${origin}${sitePath}`,
  };
}
