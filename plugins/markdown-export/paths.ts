import type { DocContent } from '@services-manager-docs/core/content/model';

/** The Markdown twin of a page URL: `/docs/kb/kb00001` → `/docs/kb/kb00001.md`, `/docs/` → `/docs.md`. */
export function markdownPath(url: string): string {
  return `${url.replace(/\/$/, '') || '/index'}.md`;
}

/** The pages' content models in a build, for services that answer from the docs (the MCP server). */
export const CONTENT_FILE = 'content.json';

export type ContentFile = {
  /** The site URL and base URL the build was made for (the twins' links start with them). */
  origin: string;
  baseUrl: string;
  pages: {
    /** The page's URL on the site, base URL included. */
    url: string;
    title: string;
    description: string;
    tags: string[];
    /** The sidebar section, as search results name it. */
    section: string;
    /** The address of the page's Markdown twin. */
    twin: string;
    content: DocContent;
  }[];
};
