import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { boundedSearch } from './limits';
import { registerResources } from './resources';
import { registerTools } from './tools';
import type { Site } from './site';

const INSTRUCTIONS =
  'Answers questions about Services Manager (a multi-tenant platform for provisioning and billing hosted ' +
  'services), its REST API v2 and the Cortex PowerShell module from the official documentation. Start with ' +
  'search_docs, read the best page with read_page, and cite the page URLs in your answer. For an API call use ' +
  'get_api_operation; for a PowerShell cmdlet, get_cmdlet; for known problems, list_kb_articles.';

/**
 * One MCP server over the documentation; the HTTP transport makes one per request, over the same site.
 * Its searches are bounded in cost (see ./limits).
 */
export function createServer(site: Site, version: string): McpServer {
  const server = new McpServer(
    { name: 'services-manager-docs', title: 'Services Manager Docs', version },
    { instructions: INSTRUCTIONS, maxToolInputElements: 50 },
  );
  registerTools(server, { ...site, search: boundedSearch(site.search) });
  registerResources(server, site);
  return server;
}
