/**
 * The tools a model calls. Each answers Markdown with absolute URLs on the site; a problem is a tool
 * result marked as an error that says what to do next, never an exception.
 */
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Operation, Page, Site } from './site';
import { closest, slice, toSitePath } from './text';

const ok = (text: string): CallToolResult => ({ content: [{ type: 'text', text }] });
const fail = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });
const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

const offsetInput = z
  .number()
  .int()
  .min(0)
  .default(0)
  .describe('Character offset to continue a long result from; the previous result says which to use.');

const pageLine = (site: Site, page: Page) => `- [${page.title}](${site.url(page.path)})`;

/** Pages whose address or words are nearest to what was asked for. */
async function nearPages(site: Site, wanted: string): Promise<Page[]> {
  const sitePath = toSitePath(wanted);
  const byPath = closest(sitePath, site.pages.keys(), 3).map((key) => site.pages.get(key)!);
  const words = sitePath.replace(/[^a-z0-9]+/gi, ' ').trim();
  const response = words ? await site.search.search(words, { limit: 10 }) : undefined;
  const byWords = response?.ok
    ? response.hits.map((hit) => site.find(hit.url)).filter((p) => p !== undefined)
    : [];
  return [...new Set([...byPath, ...byWords])].slice(0, 5);
}

function operationHeader(site: Site, op: Operation): string {
  const cmdletPage = op.cmdlet ? site.cmdletPages.get(op.cmdlet.toLowerCase()) : undefined;
  const cmdlet = op.cmdlet
    ? `\`${op.cmdlet}\`${cmdletPage ? ` ([reference](${site.url(cmdletPage.path)}))` : ''}`
    : 'none named in the specification';
  return [
    `**${op.method}** \`${op.path}\` · operation \`${op.operationId}\` · Cortex cmdlet: ${cmdlet}`,
    op.page ? `Reference page: ${site.url(op.page.path)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Whether a concrete or templated path (`/customers/42/plans`) matches a specification path. */
export function pathMatches(template: string, wanted: string): boolean {
  const clean = (value: string) =>
    value
      .split(/[?#]/)[0]
      .replace(/^(https?:\/\/[^/]+)?(\/api\/v2)?/i, '')
      .replace(/\/+$/, '')
      .split('/');
  const [a, b] = [clean(template), clean(wanted)];
  return (
    a.length === b.length &&
    a.every((part, i) => part === b[i] || part.toLowerCase() === b[i].toLowerCase() || /^\{.+\}$/.test(part))
  );
}

/** search_docs: the site's own search, by section when asked. */
function registerSearchDocs(server: McpServer, site: Site): void {
  const sections = [...new Set([...site.pages.values()].map((page) => page.section))].sort();
  server.registerTool(
    'search_docs',
    {
      title: 'Search the documentation',
      description:
        'Search the Services Manager documentation (guides, concepts, installation, services, troubleshooting, ' +
        'knowledge-base articles and the REST API v2 reference) with the same engine and ranking as the site. ' +
        'Use it first for any question about Services Manager, Cortex or its API, with the words a reader or an ' +
        'error message would use. Each hit is a page section: title, breadcrumb, URL and a snippet. Then call ' +
        "read_page with the best hit's URL to read the whole page before answering.",
      inputSchema: {
        query: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .describe(
            'What to look for, in plain words, an error text, a KB number, an operationId or a cmdlet.',
          ),
        limit: z.number().int().min(1).max(20).default(5).describe('How many hits to return (1–20).'),
        offset: z
          .number()
          .int()
          .min(0)
          .max(500)
          .default(0)
          .describe('Hits to skip, for the next page of results.'),
        section: z
          .enum(sections as [string, ...string[]])
          .optional()
          .describe('Only hits from this part of the site.'),
      },
      annotations: readOnly,
    },
    async ({ query, limit, offset, section }) => {
      const response = await site.search.search(query, section ? { limit: 500 } : { limit, offset });
      if (!response.ok) return fail(`Search failed: ${response.error}`);
      const all = section ? response.hits.filter((hit) => hit.hierarchy[0] === section) : response.hits;
      const hits = section ? all.slice(offset, offset + limit) : all;
      const total = section ? all.length : response.total;
      if (!hits.length)
        return ok(
          total
            ? `No more results: "${query}" has ${total}.`
            : `Nothing in the documentation matches "${query}"${section ? ` in ${section}` : ''}. Try other words, or a broader section.`,
        );
      const lines = [
        `Results ${offset + 1}–${offset + hits.length} of ${total} for "${query}"` +
          (response.correctedQuery ? ` (showing results for "${response.correctedQuery}")` : '') +
          ':',
        '',
        ...hits.flatMap((hit, i) => [
          `${offset + i + 1}. **${hit.hierarchy.at(-1)}**`,
          `   ${hit.hierarchy.join(' › ')}`,
          `   ${site.url(hit.url)}`,
          `   ${hit.snippet.replace(/\s+/g, ' ').trim()}`,
          '',
        ]),
      ];
      if (offset + hits.length < total)
        lines.push(`_For more results, call search_docs again with offset: ${offset + hits.length}._`);
      return ok(lines.join('\n').trim());
    },
  );
}

/** read_page: a page's Markdown twin, in parts. */
function registerReadPage(server: McpServer, site: Site): void {
  server.registerTool(
    'read_page',
    {
      title: 'Read a documentation page',
      description:
        'Read one page of the Services Manager documentation as Markdown (headings, steps, tables, code). ' +
        'Give a URL from search_docs or from another page, a site path such as /docs/kb/kb00017, or its .md ' +
        'address. Long pages come in parts: the result ends with the offset to ask for next.',
      inputSchema: {
        url_or_path: z
          .string()
          .trim()
          .min(1)
          .max(500)
          .describe('The page URL or site path, for example /docs/concepts/customers.'),
        offset: offsetInput,
      },
      annotations: readOnly,
    },
    async ({ url_or_path, offset }) => {
      const page = site.find(url_or_path);
      if (page)
        return ok(
          slice(
            page.markdown,
            offset,
            (next) => `call read_page with url_or_path "${page.path}" and offset: ${next}`,
          ),
        );
      const near = await nearPages(site, url_or_path);
      return fail(
        [
          `No documentation page at "${url_or_path}".`,
          ...(near.length ? ['Closest pages:', ...near.map((p) => pageLine(site, p))] : []),
        ].join('\n'),
      );
    },
  );
}

/** get_api_operation: an operation's reference page, named by operationId or by method and path. */
function registerGetApiOperation(server: McpServer, site: Site): void {
  server.registerTool(
    'get_api_operation',
    {
      title: 'Get a REST API operation',
      description:
        'The reference of one Services Manager REST API v2 operation: method and path, parameters, request ' +
        'and response schemas with examples, required OAuth scopes, errors, and the Cortex cmdlet that wraps ' +
        'it. Name it by operation_id (for example addCustomerPlan), or by method and path (POST ' +
        '/customers/{customerId}/plans; concrete ids and the /api/v2 prefix are accepted).',
      inputSchema: {
        operation_id: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .optional()
          .describe('The operationId, for example listCustomers.'),
        method: z
          .enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
          .optional()
          .describe('HTTP method; give it together with path instead of operation_id.'),
        path: z
          .string()
          .trim()
          .min(1)
          .max(300)
          .optional()
          .describe('The operation path, for example /customers/{customerId}.'),
        offset: offsetInput,
      },
      annotations: readOnly,
    },
    async ({ operation_id, method, path, offset }) => {
      let op: Operation | undefined;
      if (operation_id) {
        op = site.operations.find((o) => o.operationId.toLowerCase() === operation_id.toLowerCase());
        if (!op)
          return fail(
            `No operation "${operation_id}". Closest operationIds: ${closest(
              operation_id,
              site.operations.map((o) => o.operationId),
            ).join(', ')}.`,
          );
      } else if (method && path) {
        op = site.operations.find((o) => o.method === method && pathMatches(o.path, path));
        if (!op) {
          const samePath = site.operations.filter((o) => pathMatches(o.path, path));
          return fail(
            samePath.length
              ? `No ${method} operation on ${path}. That path has: ${samePath.map((o) => `${o.method} (${o.operationId})`).join(', ')}.`
              : `No operation on ${path}. Closest paths: ${closest(
                  path,
                  site.operations.map((o) => o.path),
                ).join(', ')}.`,
          );
        }
      } else {
        return fail('Give operation_id, or both method and path.');
      }
      if (!op.page)
        return fail(
          `The build has no reference page for ${op.operationId}: run "npm run build" to regenerate it.`,
        );
      const found = op;
      const text = `${operationHeader(site, found)}\n\n${found.page!.markdown}`;
      return ok(
        slice(
          text,
          offset,
          (next) => `call get_api_operation with operation_id "${found.operationId}" and offset: ${next}`,
        ),
      );
    },
  );
}

/** get_cmdlet: a Cortex cmdlet's page, or the pages of the operations it wraps. */
function registerGetCmdlet(server: McpServer, site: Site): void {
  server.registerTool(
    'get_cmdlet',
    {
      title: 'Get a Cortex cmdlet',
      description:
        'The reference of a Cortex PowerShell cmdlet (module ServicesManager.Cortex), such as Get-SMCustomer or ' +
        'Add-SMCustomerPlan: what it does and the REST API operation it wraps. Case does not matter.',
      inputSchema: {
        name: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .describe('The cmdlet name, Verb-SMNoun, for example New-SMCustomer.'),
        offset: offsetInput,
      },
      annotations: readOnly,
    },
    async ({ name, offset }) => {
      const key = name.toLowerCase();
      const more = (next: number) => `call get_cmdlet with name "${name}" and offset: ${next}`;
      const page = site.cmdletPages.get(key);
      if (page) return ok(slice(page.markdown, offset, more));
      const wrapped = site.operations.filter((op) => op.cmdlet?.toLowerCase() === key && op.page);
      if (wrapped.length) {
        const text = [
          `\`${wrapped[0].cmdlet}\` wraps ${wrapped.length === 1 ? 'this REST API operation' : `these ${wrapped.length} REST API operations`}; ` +
            "its parameters follow the operation's.",
          ...wrapped.map((op) => `\n${operationHeader(site, op)}\n\n${op.page!.markdown}`),
        ].join('\n');
        return ok(slice(text, offset, more));
      }
      const names = [
        ...site.cmdletPages.keys(),
        ...site.operations.flatMap((op) => (op.cmdlet ? [op.cmdlet] : [])),
      ];
      return fail(`No Cortex cmdlet "${name}". Closest cmdlets: ${closest(name, names).join(', ')}.`);
    },
  );
}

/** list_kb_articles: the knowledge-base articles, by area. */
function registerListKbArticles(server: McpServer, site: Site): void {
  const areas = [...new Set(site.kb.map((article) => article.area))].sort();
  server.registerTool(
    'list_kb_articles',
    {
      title: 'List knowledge-base articles',
      description:
        'List the Services Manager knowledge-base articles (known problems with their cause and fix): KB ' +
        'number, title, area and URL. Filter by area to narrow the list; read one with read_page.',
      inputSchema: {
        area: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .optional()
          .describe(`Only articles of this area: ${areas.join(', ')}.`),
      },
      annotations: readOnly,
    },
    async ({ area }) => {
      const wanted = area?.toLowerCase();
      const articles = site.kb.filter((article) => !wanted || article.area.toLowerCase().includes(wanted));
      if (!articles.length) return fail(`No knowledge-base area "${area}". Areas: ${areas.join(', ')}.`);
      return ok(
        [
          `${articles.length} knowledge-base article${articles.length === 1 ? '' : 's'}${area ? ` in ${area}` : ''}:`,
          '',
          '| KB | Title | Area | URL |',
          '| --- | --- | --- | --- |',
          ...articles.map(
            (a) =>
              `| ${a.number ?? '—'} | ${a.title.replace(/^KB\d+: /, '').replace(/\|/g, '\\|')} | ${a.area} | ${site.url(a.page.path)} |`,
          ),
        ].join('\n'),
      );
    },
  );
}

/** The tools a model can call, each read-only and answering from the build. */
export function registerTools(server: McpServer, site: Site): void {
  registerSearchDocs(server, site);
  registerReadPage(server, site);
  registerGetApiOperation(server, site);
  registerGetCmdlet(server, site);
  registerListKbArticles(server, site);
}
