/**
 * What the MCP server knows, read once from a production build (the Markdown twins, the search index)
 * and the API specification. Nothing here touches the network.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { apiModel, SpecError, type ApiModel, type Operation as ApiOperation } from '../api-model';
import { searchBuild } from '../src/search/fromBuild';
import type { SearchProvider } from '../src/search/types';
import { sectionLabel } from '../plugins/search-index/labels';
import { referenceRoute } from '../plugins/api-mentions/operations';
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

function markdownFiles(dir: string, root = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : markdownFiles(full, root);
    return entry.name.endsWith('.md') ? [path.relative(root, full)] : [];
  });
}

type FrontMatter = { title?: string; description?: string; tags?: string[]; canonical_url?: string };

/** A twin's front matter (title, description, tags, canonical URL) and body. */
export function parseTwin(text: string): { meta: FrontMatter; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) return { meta: {}, body: text };
  const meta = yaml.load(match[1]);
  return {
    meta: typeof meta === 'object' && meta ? (meta as FrontMatter) : {},
    body: text.slice(match[0].length),
  };
}

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

/** KB number → area, from the rows of the knowledge-base index's table (`| [KB00001](…) | … | [Area](#…) |`). */
export function kbAreas(indexMarkdown: string): Map<string, string> {
  const areas = new Map<string, string>();
  for (const match of indexMarkdown.matchAll(/^\| \[(KB\d+)\]\([^)]*\) \|[^|\n]*\| \[([^\]]+)\]\(#/gm))
    areas.set(match[1], match[2]);
  return areas;
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

  const pages = new Map<string, Page>();
  let base = '/';
  for (const file of markdownFiles(buildDir)) {
    const text = fs.readFileSync(path.join(buildDir, file), 'utf8');
    const { meta } = parseTwin(text);
    if (!meta.title || !meta.canonical_url) continue;
    const canonical = new URL(meta.canonical_url);
    const sitePath = toSitePath(canonical.pathname);
    const relative = `/${file.replace(/\.md$/, '').split(path.sep).join('/')}`;
    if (sitePath.endsWith(relative)) base = `${sitePath.slice(0, -relative.length)}/`;
    const markdown =
      canonical.origin === origin ? text : text.split(`${canonical.origin}/`).join(`${origin}/`);
    pages.set(sitePath, {
      path: sitePath,
      title: meta.title,
      description: meta.description ?? '',
      tags: meta.tags ?? [],
      section: sectionLabel(`/${sitePath.slice(base.length)}`),
      markdown,
    });
  }
  if (!pages.size) throw new SiteError(`No Markdown pages in ${buildDir}: run "npm run build" again.`);

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

  const areas = kbAreas(
    [...pages.values()].find((page) => page.path.endsWith('/kb/article-index'))?.markdown ?? '',
  );
  const kb = [...pages.values()]
    .filter((page) => page.tags.includes('KB') && /^## Applies to\b/m.test(page.markdown))
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
