/** The Markdown twin of a page URL: `/docs/kb/kb00001` → `/docs/kb/kb00001.md`, `/docs/` → `/docs.md`. */
export function markdownPath(url: string): string {
  return `${url.replace(/\/$/, '') || '/index'}.md`;
}
