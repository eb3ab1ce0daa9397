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

/** One line of Markdown prose reduced to what a reader sees (no line structure). */
const inlineText = (line: string) => plainText(line);

/**
 * Markdown reduced to what a reader sees, with its structure kept in a small Markdown subset that
 * snippets flatten and Ask AI answers quote: one line per paragraph, `- ` and `1. ` list items
 * (indented two spaces per nesting level), table rows as `| a | b |` (header first, no separator row),
 * and fenced code blocks with their language. Diagrams, imports, admonition fences and HTML go.
 */
export function structuredText(markdown: string): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const text = inlineText(paragraph.join(' '));
    if (text) out.push(text);
    paragraph = [];
  };
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^\s*(```+|~~~+)\s*([\w+-]*)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !lines[i].trimStart().startsWith(fence[1])) code.push(lines[i]);
      if (fence[2] === 'mermaid') continue;
      const indent = Math.min(...code.filter((row) => row.trim()).map((row) => /^\s*/.exec(row)![0].length));
      const body = code.map((row) => row.slice(Number.isFinite(indent) ? indent : 0).trimEnd());
      while (body.length && !body[0]) body.shift();
      while (body.length && !body.at(-1)) body.pop();
      if (body.length) out.push(`\`\`\`${fence[2] || 'text'}`, ...body, '```');
      continue;
    }
    if (/^\s*$/.test(line) || /^import .*$/.test(line) || /^\s*:::/.test(line)) {
      flush();
      continue;
    }
    const item = /^(\s*)(?:[-*+]|(\d+)[.)])\s+(.*)$/.exec(line);
    const row = /^\s*\|(.*)\|?\s*$/.exec(line);
    if (item) {
      flush();
      const depth = Math.min(3, Math.floor(item[1].replace(/\t/g, '  ').length / 2));
      const text = inlineText(item[3]);
      if (text) out.push(`${'  '.repeat(depth)}${item[2] ? `${item[2]}.` : '-'} ${text}`);
    } else if (row) {
      flush();
      if (/^[\s|:-]+$/.test(row[1])) continue;
      // An escaped pipe is text inside a cell: kept through the markup removal as a private-use character.
      const cells = row[1]
        .replace(/\|\s*$/, '')
        .split(/(?<!\\)\|/)
        .map((cell) => inlineText(cell.replace(/\\\|/g, '\uE000')).replace(/\uE000/g, '|'));
      out.push(`| ${cells.join(' | ')} |`);
    } else if (/^\s+\S/.test(line) && !paragraph.length && /^\s*(?:[-*+]|\d+\.) /.test(out.at(-1) ?? '')) {
      // An indented line right after a list item continues that item.
      const text = inlineText(line);
      if (text) out[out.length - 1] += ` ${text}`;
    } else paragraph.push(line.trim());
  }
  flush();
  return out.join('\n');
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
    const text = structuredText(current.lines.join('\n'));
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
