/**
 * Every page as an MCP resource, `docs://docs/kb/kb00017`, titled, in Markdown; and the files the build
 * publishes for API clients and assistants (content.json's `downloads`: the specification as written and
 * in OpenAPI 3, the Postman collection, SKILL.md) at their site paths, `docs://openapi/openapi.json`.
 */
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { resourceUri, type Site } from './site';

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
  // Read by exact URI before the page template is tried.
  for (const download of site.downloads)
    server.registerResource(
      download.name,
      download.uri,
      { title: download.title, description: download.description, mimeType: download.mimeType },
      (uri) => ({ contents: [{ uri: uri.href, mimeType: download.mimeType, text: download.text }] }),
    );
}
