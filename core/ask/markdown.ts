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
  /** `nested` holds, for each item, the blocks under its first line (a sub-list, code, a table). */
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][]; nested: Block[][] }
  | { type: 'code'; language: string; code: string }
  | { type: 'table'; header: Inline[][]; rows: Inline[][][] };

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
  /(`+)([\s\S]*?[^`])\1(?!`)|\*\*(.+?)\*\*|__(.+?)__|\*(?!\s)(.+?)\*|(?<![\w])_(?!\s)(.+?)_(?![\w])|\[(\d{1,3})\]|\[([^\]]+)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)|\\([`*_{}[\]()#+\-.!|<>~])/g;

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
    const [whole, , code, strong1, strong2, em1, em2, cite, label, target, escaped] = match;
    // A backslash before punctuation keeps it as text ("1\. " is no list item).
    if (escaped !== undefined) pushText(escaped);
    else if (code !== undefined) out.push({ type: 'code', text: code.trim() || code });
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

const LIST_ITEM = /^(\s{0,3}(?:([-*+])|(\d{1,9})[.)])\s+)(.*)$/;
const TABLE_ROW = /^\s{0,3}\|.*\|\s*$/;
const TABLE_RULE = /^\s{0,3}\|?(\s*:?-{3,}:?\s*\|)+\s*(:?-{3,}:?\s*)?$/;
const indentOf = (line: string) => /^\s*/.exec(line)![0].length;

/** The cells of a table row; `\|` is a pipe inside a cell. */
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => parseInline(cell.trim().replace(/\\\|/g, '|')));

export function parseMarkdown(markdown: string): Block[] {
  return parseLines(markdown.replace(/\r\n?/g, '\n').split('\n'));
}

function parseLines(lines: string[]): Block[] {
  const blocks: Block[] = [];
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
    if (TABLE_ROW.test(line) && TABLE_RULE.test(lines[i + 1] ?? '')) {
      flush();
      const header = cellsOf(line);
      const rows: Inline[][][] = [];
      for (i += 2; i < lines.length && TABLE_ROW.test(lines[i]); i++) rows.push(cellsOf(lines[i]));
      i--;
      blocks.push({ type: 'table', header, rows });
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    const item = LIST_ITEM.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', children: parseInline(heading[1]) });
    } else if (item) {
      flush();
      const ordered = item[3] !== undefined;
      // The item's lines: its first, then those indented under it (across blank lines).
      const width = item[1].length;
      const body = [item[4]];
      while (i + 1 < lines.length) {
        const next = lines[i + 1];
        if (next.trim() && indentOf(next) > 0 && (indentOf(next) >= width || !LIST_ITEM.test(next))) {
          body.push(next.slice(Math.min(width, indentOf(next))));
          i++;
        } else if (!next.trim()) {
          let j = i + 1;
          while (j < lines.length && !lines[j].trim()) j++;
          if (j < lines.length && indentOf(lines[j]) >= width) {
            body.push(...lines.slice(i + 1, j).map(() => ''));
            i = j - 1;
          } else break;
        } else break;
      }
      const inner = parseLines(body);
      const first = inner[0]?.type === 'paragraph' ? inner.shift() : undefined;
      const last = blocks.at(-1);
      const list =
        last?.type === 'list' && last.ordered === ordered
          ? last
          : (blocks[
              blocks.push({ type: 'list', ordered, start: Number(item[3] ?? 1), items: [], nested: [] }) - 1
            ] as Extract<Block, { type: 'list' }>);
      list.items.push(first?.type === 'paragraph' ? first.children : []);
      list.nested.push(inner);
    } else if (!line.trim()) flush();
    else paragraph.push(line.trim());
  }
  flush();
  return blocks;
}
