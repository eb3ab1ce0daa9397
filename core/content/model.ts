/**
 * The content model: one doc as the reader sees it after the site's Markdown transforms, in sections
 * (by heading, with their hierarchy) holding units (paragraphs, lists, tables, code, admonitions…).
 * The search index, the Markdown twins, llms-full.txt, the MCP server and Ask AI all read this one
 * shape; ./fromTree.ts makes it from the Markdown tree. Pure data and serializers: no Node APIs, so
 * the browser's search code can use it too.
 */

/** Inline content: text with its emphasis, code and links (link targets are site URLs or absolute). */
export type Phrasing =
  | { type: 'text'; value: string }
  | { type: 'code'; value: string }
  | { type: 'strong' | 'emphasis' | 'delete'; children: Phrasing[] }
  | { type: 'link'; url: string; children: Phrasing[] }
  | { type: 'image'; url: string; alt: string }
  | { type: 'break' };

/**
 * A block of a section. `T` is how inline content is held: `Phrasing[]` in the model, `string` (the
 * words a reader sees) in the search index.
 */
export type Unit<T = Phrasing[]> =
  | { type: 'paragraph'; text: T }
  /** A heading below the section's level (H4–H6). */
  | { type: 'heading'; depth: number; text: T }
  | { type: 'list'; ordered: boolean; start: number; items: ListItem<T>[] }
  | { type: 'table'; header: T[]; rows: T[][] }
  | { type: 'code'; language: string; code: string }
  | { type: 'admonition'; kind: string; title: T | null; units: Unit<T>[] }
  | { type: 'quote'; units: Unit<T>[] }
  | { type: 'tabs'; tabs: { label: string; units: Unit<T>[] }[] }
  /** A Mermaid diagram the page shows as an image; `code` is its source. */
  | { type: 'diagram'; alt: string; code: string }
  /** Cards linking to the pages under this one (a category's generated index). */
  | { type: 'cards' };

export type ListItem<T = Phrasing[]> = { checked: boolean | null; units: Unit<T>[] };

export type Section<T = Phrasing[]> = {
  /** 1 for the page's opening (before its first H2), else the heading's level (2 or 3). */
  level: 1 | 2 | 3;
  heading: T;
  /** The heading's anchor as the page has it (`{#id}` or Docusaurus's slug); empty for the opening. */
  anchor: string;
  units: Unit<T>[];
};

export type DocContent<T = Phrasing[]> = {
  sections: Section<T>[];
  /** Every link target the page shows, in order, once each (site URLs or absolute URLs). */
  links: string[];
};

/**
 * The heading of a section that only points to other pages (Related pages, See also, Next steps): the
 * pages it lists are there themselves, so search leaves it out and Ask AI never answers from it.
 */
export const LINK_SECTION =
  /^(?:see also|related(?: pages| links| articles| topics)?|next steps?|further reading)$/i;

/** What a search record holds: the model with inline content as plain words. */
export type PlainUnit = Unit<string>;

// ---- Inline ----

/** Inline content as the words a reader sees. */
export function plainOf(nodes: Phrasing[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'code') return node.value;
      if (node.type === 'image') return node.alt;
      if (node.type === 'break') return ' ';
      return plainOf(node.children);
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeText = (value: string) =>
  value.replace(/[\\`*_[\]<]/g, (char) => `\\${char}`).replace(/^([#>+-]|\d+[.)])(?=\s)/, '\\$1');

function inlineCode(value: string): string {
  const runs = value.match(/`+/g) ?? [];
  const fence = '`'.repeat(Math.max(0, ...runs.map((run) => run.length)) + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${value}${pad}${fence}`;
}

/** Inline content as Markdown; `link` maps each link target (for example to a twin's address). */
export function markdownOf(nodes: Phrasing[], link: (url: string) => string = (url) => url): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
          return escapeText(node.value).replace(/\n/g, ' ');
        case 'code':
          return inlineCode(node.value);
        case 'strong':
          return `**${markdownOf(node.children, link)}**`;
        case 'emphasis':
          return `_${markdownOf(node.children, link)}_`;
        case 'delete':
          return `~~${markdownOf(node.children, link)}~~`;
        case 'link':
          return `[${markdownOf(node.children, link)}](${encodeURI(decodeSafe(link(node.url)))})`;
        case 'image':
          return `![${escapeText(node.alt)}](${link(node.url)})`;
        case 'break':
          return '\\\n';
      }
    })
    .join('');
}

function decodeSafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** The same units with inline content turned by `fn` (for example into plain words). */
export function mapUnits<A, B>(units: Unit<A>[], fn: (inline: A) => B): Unit<B>[] {
  return units.map((unit): Unit<B> => {
    switch (unit.type) {
      case 'paragraph':
        return { type: 'paragraph', text: fn(unit.text) };
      case 'heading':
        return { type: 'heading', depth: unit.depth, text: fn(unit.text) };
      case 'list':
        return {
          ...unit,
          items: unit.items.map((item) => ({ checked: item.checked, units: mapUnits(item.units, fn) })),
        };
      case 'table':
        return { type: 'table', header: unit.header.map(fn), rows: unit.rows.map((row) => row.map(fn)) };
      case 'admonition':
        return {
          type: 'admonition',
          kind: unit.kind,
          title: unit.title === null ? null : fn(unit.title),
          units: mapUnits(unit.units, fn),
        };
      case 'quote':
        return { type: 'quote', units: mapUnits(unit.units, fn) };
      case 'tabs':
        return {
          type: 'tabs',
          tabs: unit.tabs.map((tab) => ({ label: tab.label, units: mapUnits(tab.units, fn) })),
        };
      default:
        return unit;
    }
  });
}

/** The units as search records hold them: inline content as plain words, diagrams and cards left out. */
export function plainUnits(units: Unit[]): PlainUnit[] {
  const keep = (list: PlainUnit[]): PlainUnit[] =>
    list
      .filter((unit) => unit.type !== 'diagram' && unit.type !== 'cards')
      .map((unit) => {
        if (unit.type === 'list')
          return { ...unit, items: unit.items.map((item) => ({ ...item, units: keep(item.units) })) };
        if (unit.type === 'admonition' || unit.type === 'quote') return { ...unit, units: keep(unit.units) };
        if (unit.type === 'tabs')
          return { ...unit, tabs: unit.tabs.map((tab) => ({ ...tab, units: keep(tab.units) })) };
        return unit;
      });
  return keep(mapUnits(units, plainOf));
}

// ---- Text for search and Ask AI ----

/**
 * Plain units as one text in a small Markdown subset that snippets flatten and Ask AI quotes: one line
 * per paragraph, `- ` and `N. ` list items (two spaces per nesting level), table rows as `| a | b |`
 * (header first, no separator row), and fenced code blocks with their language.
 */
export function unitsText(units: PlainUnit[], depth = 0): string {
  const lines: string[] = [];
  const indent = '  '.repeat(Math.min(depth, 3));
  for (const unit of units) {
    switch (unit.type) {
      case 'paragraph':
      case 'heading':
        if (unit.text) lines.push(`${indent}${unit.text}`);
        break;
      case 'list':
        unit.items.forEach((item, i) => {
          const marker = unit.ordered ? `${unit.start + i}.` : '-';
          // The item's opening paragraphs make its line; lists and code below them nest under it.
          const lead = item.units.findIndex((part) => part.type !== 'paragraph');
          const split = lead < 0 ? item.units.length : lead;
          const words = item.units
            .slice(0, split)
            .map((part) => (part.type === 'paragraph' ? part.text : ''))
            .filter(Boolean)
            .join(' ');
          lines.push(`${indent}${marker} ${words}`.trimEnd());
          const nested = unitsText(item.units.slice(split), depth + 1);
          if (nested) lines.push(nested);
        });
        break;
      case 'table':
        lines.push(...[unit.header, ...unit.rows].map((row) => `| ${row.join(' | ')} |`));
        break;
      case 'code': {
        const code = unit.code.replace(/^\s*\n|\s+$/g, '');
        if (code)
          lines.push(
            `\`\`\`${unit.language || 'text'}`,
            ...code.split('\n').map((line) => line.trimEnd()),
            '```',
          );
        break;
      }
      case 'admonition':
        if (unit.title) lines.push(`${indent}${unit.title}`);
        lines.push(unitsText(unit.units, depth));
        break;
      case 'quote':
        lines.push(unitsText(unit.units, depth));
        break;
      case 'tabs':
        for (const tab of unit.tabs) lines.push(`${indent}${tab.label}`, unitsText(tab.units, depth));
        break;
      default:
        break;
    }
  }
  return lines.filter(Boolean).join('\n');
}

// ---- Markdown ----

export const ADMONITION_LABELS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
};

export type MarkdownOptions = {
  /** The address a link target should have in the Markdown (default: unchanged). */
  link?: (url: string) => string;
  /** What a `cards` unit stands for: the pages under this one. */
  cards?: { title: string; url: string; description?: string }[];
};

function fence(code: string, language: string): string {
  const runs = code.match(/^`{3,}/gm) ?? [];
  const marks = '`'.repeat(Math.max(3, ...runs.map((run) => run.length + 1)));
  return `${marks}${language}\n${code.replace(/\n$/, '')}\n${marks}`;
}

const cellOf = (markdown: string) => markdown.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Prefixes every line of a block (list item indentation, `> ` of a quote). */
const prefixed = (block: string, first: string, rest: string) =>
  block
    .split('\n')
    .map((line, i) => (line ? `${i ? rest : first}${line}` : i ? rest.trimEnd() : first.trimEnd()))
    .join('\n');

/** Units as Markdown blocks separated by blank lines. */
export function unitsMarkdown(units: Unit[], options: MarkdownOptions = {}): string {
  const inline = (nodes: Phrasing[]) => markdownOf(nodes, options.link);
  const blocks: string[] = [];
  for (const unit of units) {
    switch (unit.type) {
      case 'paragraph':
        blocks.push(inline(unit.text));
        break;
      case 'heading':
        blocks.push(`${'#'.repeat(unit.depth)} ${inline(unit.text)}`);
        break;
      case 'list': {
        // A tight list (no item with two paragraphs) keeps each item's blocks on adjacent lines.
        const loose = unit.items.some(
          (item) => item.units.filter((part) => part.type === 'paragraph').length > 1,
        );
        const items = unit.items.map((item, i) => {
          const marker = unit.ordered ? `${unit.start + i}. ` : '- ';
          const box = item.checked === null ? '' : item.checked ? '[x] ' : '[ ] ';
          const body = loose
            ? unitsMarkdown(item.units, options)
            : item.units.map((part) => unitsMarkdown([part], options)).join('\n');
          return prefixed(`${box}${body}`, marker, ' '.repeat(marker.length));
        });
        blocks.push(items.join(loose ? '\n\n' : '\n'));
        break;
      }
      case 'table': {
        const row = (cells: Phrasing[][]) => `| ${cells.map((cell) => cellOf(inline(cell))).join(' | ')} |`;
        blocks.push(
          [row(unit.header), `|${' --- |'.repeat(unit.header.length)}`, ...unit.rows.map(row)].join('\n'),
        );
        break;
      }
      case 'code':
        blocks.push(fence(unit.code, unit.language));
        break;
      case 'diagram':
        blocks.push(fence(unit.code, 'mermaid'));
        break;
      case 'admonition': {
        const label = `**${unit.title ? inline(unit.title) : (ADMONITION_LABELS[unit.kind] ?? unit.kind)}:**`;
        const body = unitsMarkdown(unit.units, options);
        const text = unit.units[0]?.type === 'paragraph' ? `${label} ${body}` : `${label}\n\n${body}`;
        blocks.push(prefixed(text.trimEnd(), '> ', '> '));
        break;
      }
      case 'quote':
        blocks.push(prefixed(unitsMarkdown(unit.units, options), '> ', '> '));
        break;
      case 'tabs':
        for (const tab of unit.tabs)
          blocks.push(`**${escapeText(tab.label)}**`, unitsMarkdown(tab.units, options));
        break;
      case 'cards':
        if (options.cards?.length)
          blocks.push(
            options.cards
              .map(
                (card) =>
                  `- [${escapeText(card.title)}](${card.url})${card.description ? `: ${card.description}` : ''}`,
              )
              .join('\n'),
          );
        break;
    }
  }
  return blocks.filter(Boolean).join('\n\n');
}

/** A doc's sections as Markdown (no front matter, no title): headings at their level, then their units. */
export function docMarkdown(doc: DocContent, options: MarkdownOptions = {}): string {
  return doc.sections
    .map((section) => {
      const body = unitsMarkdown(section.units, options);
      if (section.level === 1) return body;
      return [`${'#'.repeat(section.level)} ${markdownOf(section.heading, options.link)}`, body]
        .filter(Boolean)
        .join('\n\n');
    })
    .filter(Boolean)
    .join('\n\n');
}
