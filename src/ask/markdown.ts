/**
 * A small Markdown reader for Ask AI answers. It understands what answers use (paragraphs, headings,
 * lists, fenced code, inline code, bold, italics, links and [n] citations) and turns it into a tree
 * that is rendered as React elements, so raw HTML in an answer is only ever shown as text. Links are
 * kept only when they point to this site or to an http(s) address.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'cite'; n: number };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'code'; language: string; code: string };

/**
 * The link target an answer may use, or undefined: a path on this site (`/docs/...`, `#part`) or an
 * absolute http(s) URL. Scripts (`javascript:`), data, protocol-relative and other schemes are refused.
 */
export function safeHref(raw: string): string | undefined {
  // Browsers ignore tabs and newlines inside URLs, so "java\tscript:" must be judged without them.
  // eslint-disable-next-line no-control-regex
  const href = raw.replace(/[\u0000-\u0020\u007f]+/g, '');
  if (!href) return undefined;
  if (href.startsWith('#')) return href;
  if (href.startsWith('/')) return /^\/[/\\]/.test(href) ? undefined : href;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const INLINE =
  /(`+)([\s\S]*?[^`])\1(?!`)|\*\*(.+?)\*\*|__(.+?)__|\*(?!\s)(.+?)\*|(?<![\w])_(?!\s)(.+?)_(?![\w])|\[(\d{1,3})\]|\[([^\]]+)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = out.at(-1);
    if (last?.type === 'text') last.text += value;
    else out.push({ type: 'text', text: value });
  };
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    pushText(text.slice(at, match.index));
    at = match.index + match[0].length;
    const [whole, , code, strong1, strong2, em1, em2, cite, label, target] = match;
    if (code !== undefined) out.push({ type: 'code', text: code.trim() || code });
    else if (strong1 ?? strong2) out.push({ type: 'strong', children: parseInline(strong1 ?? strong2) });
    else if (em1 ?? em2) out.push({ type: 'em', children: parseInline(em1 ?? em2) });
    else if (cite) out.push({ type: 'cite', n: Number(cite) });
    else if (label !== undefined) {
      const href = safeHref(target);
      if (href) out.push({ type: 'link', href, children: parseInline(label) });
      // A refused link keeps its words and drops its target.
      else out.push(...parseInline(label));
    } else pushText(whole);
  }
  pushText(text.slice(at));
  return out;
}

const LIST_ITEM = /^\s{0,3}(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/;

export function parseMarkdown(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^\s{0,3}(```+|~~~+)\s*([\w+-]*)/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      // An unclosed fence (an answer still streaming in) runs to the end.
      while (++i < lines.length && !lines[i].trimStart().startsWith(fence[1])) code.push(lines[i]);
      blocks.push({ type: 'code', language: fence[2].toLowerCase(), code: code.join('\n') });
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    const item = LIST_ITEM.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', children: parseInline(heading[1]) });
    } else if (item) {
      flush();
      const ordered = item[2] !== undefined;
      const last = blocks.at(-1);
      const list =
        last?.type === 'list' && last.ordered === ordered
          ? last
          : (blocks[
              blocks.push({ type: 'list', ordered, start: Number(item[2] ?? 1), items: [] }) - 1
            ] as Extract<Block, { type: 'list' }>);
      list.items.push(parseInline(item[3]));
    } else if (!line.trim()) flush();
    else {
      const last = blocks.at(-1);
      // An indented line right after a list item continues that item.
      if (!paragraph.length && last?.type === 'list' && /^\s+\S/.test(line) && lines[i - 1]?.trim()) {
        const items = last.items;
        items[items.length - 1] = [
          ...items[items.length - 1],
          { type: 'text', text: ' ' },
          ...parseInline(line.trim()),
        ];
      } else paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}
