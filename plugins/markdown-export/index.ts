import fs from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { sectionLabel } from '../search-index/labels';
import { toMarkdown } from './convert';
import { apiModel, type SpecSource } from '@services-manager-docs/core/api';
import {
  CONTENT_FILE,
  markdownPath,
  type BuildOperation,
  type ContentFile,
} from '@services-manager-docs/core/content/build';
import { publicUrlProblem } from '../../site.links';
import { contentDocs, type ContentDoc, type LoadedDoc as Doc, type Pipelines } from '../content-model';
import { referenceRoute } from '../api-mentions/operations';
import { contentDownloads, DOWNLOAD_LIST } from '../api-kit/downloads';

type SidebarItem = {
  type: string;
  id?: string;
  items?: SidebarItem[];
  link?: { type: string; id?: string };
};

export type ExportPage = ContentDoc & { children: Doc[] };

/** Doc ids in sidebar order, and for every category page the docs directly under it. */
export function sidebarOrder(items: SidebarItem[]): { order: string[]; children: Map<string, string[]> } {
  const order: string[] = [];
  const children = new Map<string, string[]>();
  const visit = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.type === 'doc' && item.id) order.push(item.id);
      if (item.type === 'category') {
        const linked = item.link?.type === 'doc' ? item.link.id : undefined;
        if (linked) {
          order.push(linked);
          children.set(
            linked,
            (item.items ?? [])
              .map((child) => (child.type === 'doc' ? child.id : child.link?.id))
              .filter((id): id is string => Boolean(id)),
          );
        }
        visit(item.items ?? []);
      }
    }
  };
  visit(items);
  return { order, children };
}

/**
 * Writes a clean Markdown copy of every doc page next to its HTML (`<page>.md`), serialized from the
 * page's content model (../content-model: the tables, links and code the page shows), plus `llms.txt`
 * (an index of them), `llms-full.txt` (all pages, in sidebar order) and `content.json` (the pages'
 * content models and the API's operations with their reference pages: all the MCP server reads) at the
 * site root.
 */
export default function markdownExportPlugin(
  context: LoadContext,
  options: { pipelines: Pipelines; spec: SpecSource },
): Plugin {
  // A build for a host must know where it is served: stop before any work rather than ship localhost
  // in every link of the twins, llms.txt and content.json (and the site's canonical URLs and sitemap).
  const problem = publicUrlProblem();
  if (problem) throw new Error(problem);
  const { siteConfig } = context;
  const origin = siteConfig.url.replace(/\/$/, '');
  let pages: ExportPage[] = [];
  return {
    name: 'services-manager-markdown-export',
    async allContentLoaded({ allContent }) {
      pages = [];
      const docs = await contentDocs(context, allContent, options.pipelines);
      const byDoc = new Map(docs.map((entry) => [entry.doc, entry]));
      for (const version of new Set(docs.map((entry) => entry.version))) {
        const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
        const { order, children } = sidebarOrder(Object.values(version.sidebars).flat() as SidebarItem[]);
        const ids = [...new Set([...order, ...version.docs.map((doc) => doc.id)])];
        for (const id of ids) {
          const doc = byId.get(id);
          const entry = doc && byDoc.get(doc);
          if (!doc || !entry || doc.unlisted) continue;
          pages.push({
            ...entry,
            children: (children.get(id) ?? [])
              .map((child) => byId.get(child))
              .filter((child): child is Doc => Boolean(child)),
          });
        }
      }
    },
    async postBuild({ outDir }) {
      const byUrl = new Map(pages.map((page) => [page.url.replace(/\/$/, ''), page]));
      const twin = (page: ExportPage) => `${origin}${markdownPath(page.url)}`;
      // A link to a doc page leads to its twin, any other site path to the site; absolute URLs stay.
      const resolveLink = (target: string) => {
        if (!target.startsWith('/') || target.startsWith('//')) return target;
        const [pathPart, ...hash] = target.split('#');
        const anchor = hash.length ? `#${hash.join('#')}` : '';
        const linked = byUrl.get(pathPart.replace(/\/$/, ''));
        return linked ? `${twin(linked)}${anchor}` : `${origin}${target}`;
      };
      const copies: { page: ExportPage; markdown: string }[] = [];
      for (const page of pages) {
        const markdown = toMarkdown(page.content, {
          title: page.doc.title,
          description: page.doc.description,
          tags: page.doc.tags.map((tag) => tag.label),
          canonicalUrl: `${origin}${page.url}`,
          resolveLink,
          children: page.children.map((child) => ({
            title: child.title,
            url: twin(pages.find((candidate) => candidate.doc === child)!),
            description: child.description,
          })),
        });
        const file = path.join(outDir, markdownPath(page.url).slice(siteConfig.baseUrl.length - 1));
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, markdown);
        copies.push({ page, markdown });
      }
      const assistants = pages.find((page) => page.doc.id === 'developer/ai-assistants');
      const sections = new Map<string, ExportPage[]>();
      for (const page of pages) {
        const label = sectionLabel(page.url);
        sections.set(label, [...(sections.get(label) ?? []), page]);
      }
      const index = [
        `# ${siteConfig.title}`,
        '',
        `> ${siteConfig.tagline}`,
        '',
        'Documentation for Services Manager, the multi-tenant platform that service providers and resellers use to provision and bill hosted services: Microsoft Online, Hosted Exchange, File Sharing, Citrix DaaS, Directory Sync, multi-factor authentication and Workspace, with billing, a REST API v2 and the Cortex PowerShell module. Every page below is available as Markdown; llms-full.txt holds all of them in one file.',
        '',
        "AI assistants can also reach these pages through the documentation's MCP server (Model Context Protocol), with tools to search them, read a page, and look up REST API operations, Cortex cmdlets and knowledge-base articles: run `npm run mcp` in the documentation repository after `npm run build`" +
          (assistants ? `; see [Use the documentation from an AI assistant](${twin(assistants)}).` : '.'),
        '',
        // The agent skill and the API's machine-readable files (../api-kit), SKILL.md first.
        '## For agents and API clients',
        '',
        ...[...DOWNLOAD_LIST]
          .sort((a, b) => Number(b.id === 'skill') - Number(a.id === 'skill'))
          .map(
            (download) =>
              `- [${download.title}](${origin}${siteConfig.baseUrl}${download.file}): ${download.description}`,
          ),
        '',
        ...[...sections].flatMap(([label, list]) => [
          `## ${label}`,
          '',
          ...list.map((page) => `- [${page.doc.title}](${twin(page)}): ${page.doc.description}`),
          '',
        ]),
      ].join('\n');
      const full = copies
        .map(({ markdown }) => markdown.replace(/^---\n[\s\S]*?\n---\n\n/, ''))
        .join('\n\n---\n\n');
      await fs.writeFile(path.join(outDir, 'llms.txt'), index);
      await fs.writeFile(path.join(outDir, 'llms-full.txt'), full);
      const api = await apiModel(options.spec);
      const operations = api.operations.map((op): BuildOperation => ({
        operationId: op.operationId,
        method: op.method.toUpperCase(),
        path: op.path,
        summary: op.summary,
        ...(typeof op['x-cortex']?.cmdlet === 'string' ? { cmdlet: op['x-cortex'].cmdlet } : {}),
        url: `${siteConfig.baseUrl}${referenceRoute(op).slice(1)}`,
      }));
      const model: ContentFile = {
        origin,
        baseUrl: siteConfig.baseUrl,
        pages: pages.map((page) => ({
          url: page.url,
          title: page.doc.title,
          description: page.doc.description,
          tags: page.doc.tags.map((tag) => tag.label),
          section: sectionLabel(`/${page.url.slice(siteConfig.baseUrl.length)}`),
          twin: markdownPath(page.url),
          content: page.content,
        })),
        operations,
        downloads: contentDownloads(siteConfig.baseUrl),
      };
      await fs.writeFile(path.join(outDir, CONTENT_FILE), JSON.stringify(model));
    },
  };
}
