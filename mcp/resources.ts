/** Every page as an MCP resource, `docs://docs/kb/kb00017`, titled, in Markdown. */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Site } from './site';

export const resourceUri = (sitePath: string) => `docs:/${sitePath}`;

export function registerResources(server: McpServer, site: Site): void {
  server.registerResource(
    'page',
    new ResourceTemplate('docs://{+path}', {
      list: () => ({
        resources: [...site.pages.values()].map((page) => ({
          uri: resourceUri(page.path),
          name: page.title,
          title: page.title,
          description: page.description,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    {
      title: 'Documentation page',
      description: 'A page of the Services Manager documentation as Markdown.',
      mimeType: 'text/markdown',
    },
    (uri) => {
      const page = site.find(uri.href);
      if (!page) throw new Error(`No documentation page at ${uri.href}.`);
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: page.markdown }] };
    },
  );
}
