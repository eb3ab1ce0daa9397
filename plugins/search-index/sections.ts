import { createSlugger, parseMarkdownHeadingId } from '@docusaurus/utils';

/** One searchable record: a page's introduction or one of its H2/H3 sections. */
export type SectionRecord = {
  id: string;
  /** Page URL plus the section's anchor. */
  url: string;
  /** Section label, page title, H2, H3: what the result shows above its snippet. */
  hierarchy: string[];
  title: string;
  heading: string;
  text: string;
  /** Docs plugin tag (`docs-default-current`), for contextual filtering like the hosted provider. */
  docsTag: string;
  language: string;
  tags: string[];
};

export type PageSource = {
  url: string;
  title: string;
  section: string;
  markdown: string;
  docsTag: string;
  tags?: string[];
};

/** Markdown (or generated MDX) reduced to the words a reader sees. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^\s*```mermaid[\s\S]*?^\s*```/gm, ' ')
    .replace(/^\s*```.*$/gm, ' ')
    .replace(/\{"([^"]*)"\}/g, '$1')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/^import .*$/gm, ' ')
    .replace(/^:::\w*.*$/gm, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\([{}\\[\]()#*_`])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\*\*|__|`/g, '')
    .replace(/^\s*\|?\s*-{3,}.*$/gm, ' ')
    .replace(/[|>#]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function headingText(raw: string): { text: string; id?: string } {
  const { text, id } = parseMarkdownHeadingId(raw.replace(/\\\{#/, '{#').replace(/\\\}$/, '}'));
  return { text: plainText(text), id };
}

/**
 * Splits a page into its introduction and its H2/H3 sections, with the anchors Docusaurus gives
 * those headings (explicit `{#id}` or the slug of the heading text).
 */
export function splitSections(page: PageSource): SectionRecord[] {
  const slugger = createSlugger();
  const records: SectionRecord[] = [];
  let h2 = '';
  let current = { heading: '', anchor: '', level: 1, lines: [] as string[] };
  let inFence = false;

  const flush = () => {
    const text = plainText(current.lines.join('\n'));
    if (!text && !current.heading) return;
    const hierarchy = [page.section, page.title];
    if (current.level >= 2) hierarchy.push(current.level === 3 ? h2 : current.heading);
    if (current.level === 3) hierarchy.push(current.heading);
    records.push({
      id: `${page.url}#${current.anchor}`,
      url: current.anchor ? `${page.url}#${current.anchor}` : page.url,
      hierarchy: hierarchy.filter(Boolean),
      title: page.title,
      heading: current.heading,
      text,
      docsTag: page.docsTag,
      language: 'en',
      tags: page.tags ?? [],
    });
  };

  for (const line of page.markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const match = !inFence && /^(#{2,3})\s+(.+)$/.exec(line);
    if (!match) {
      current.lines.push(line);
      continue;
    }
    flush();
    const level = match[1].length;
    const { text, id } = headingText(match[2]);
    const anchor = id ?? slugger.slug(text);
    if (level === 2) h2 = text;
    current = { heading: text, anchor, level, lines: [] };
  }
  flush();
  return records;
}
