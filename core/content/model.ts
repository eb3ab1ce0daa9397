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

/**
 * How a task's paragraph of who may do it begins ("Who can do this: Service Provider Admin (all)…
 * Permission: Users: manage."): the product model writes it, Ask AI moves it after the steps it precedes.
 */
export const PERMISSION_LABEL = 'Who can do this:';

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

// ---- Plain text for search ----

/** The words of plain units in reading order: list items, table cells, code, admonition titles, tab labels. */
function wordsOf(units: PlainUnit[]): string[] {
  return units.flatMap((unit): string[] => {
    switch (unit.type) {
      case 'paragraph':
      case 'heading':
        return [unit.text];
      case 'list':
        return unit.items.flatMap((item) => wordsOf(item.units));
      case 'table':
        return [unit.header, ...unit.rows].flat();
      case 'code':
        return [unit.code];
      case 'admonition':
        return [unit.title ?? '', ...wordsOf(unit.units)];
      case 'quote':
        return wordsOf(unit.units);
      case 'tabs':
        return unit.tabs.flatMap((tab) => [tab.label, ...wordsOf(tab.units)]);
      default:
        return [];
    }
  });
}

/**
 * Plain units as the words a reader sees, on one line: what the search index indexes and its snippets
 * quote. No Markdown: list markers, table pipes and code fences are not words (unitsMarkdown writes the
 * units as Markdown).
 */
export function unitsText(units: PlainUnit[]): string {
  return wordsOf(units).join(' ').replace(/\s+/g, ' ').trim();
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
  /**
   * Text appended to the last block's last line of prose (an answer's citation, `[1]`): a paragraph's
   * end, a list's last item's first line, a table's last cell; after a code block, a line of its own.
   */
  cite?: string;
};

/** Inline content as a unit holds it: the model's phrasing, or a search record's plain words. */
type Inline = Phrasing[] | string;

/**
 * Plain words as Markdown: written as they are (they carry no Markdown), but for a start that would
 * read as a list item (`1. `, `- `).
 */
const plainMarkdown = (text: string) =>
  text.replace(/^(\d+)([.)])(?=\s)/, '$1\\$2').replace(/^([-*+])(?=\s)/, '\\$1');

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

/**
 * Units as Markdown blocks separated by blank lines: the one writer of units as Markdown, for the
 * Markdown twins and llms-full.txt (the model's units) and for Ask AI's answers and the sections a
 * model answers from (a search record's plain units).
 */
export function unitsMarkdown<T extends Inline>(units: Unit<T>[], options: MarkdownOptions = {}): string {
  const last = units.length - 1;
  return units
    .map((unit, i) => unitMarkdown(unit, options, i === last ? (options.cite ?? '') : ''))
    .filter(Boolean)
    .join('\n\n');
}

/** One unit as Markdown; `cite` (with its space) goes after its last line of prose. */
function unitMarkdown(unit: Unit<Inline>, options: MarkdownOptions, cite: string): string {
  const inline = (text: Inline) =>
    typeof text === 'string' ? plainMarkdown(text) : markdownOf(text, options.link);
  const nested = (units: Unit<Inline>[], withCite = '') =>
    unitsMarkdown(units, { ...options, cite: withCite });
  const tail = cite ? ` ${cite}` : '';
  switch (unit.type) {
    case 'paragraph':
      return `${inline(unit.text)}${tail}`;
    case 'heading':
      return `${'#'.repeat(unit.depth)} ${inline(unit.text)}${tail}`;
    case 'list': {
      // A tight list (no item with two paragraphs) keeps each item's blocks on adjacent lines.
      const loose = unit.items.some(
        (item) => item.units.filter((part) => part.type === 'paragraph').length > 1,
      );
      const items = unit.items.map((item, i) => {
        const marker = unit.ordered ? `${unit.start + i}. ` : '- ';
        const box = item.checked === null ? '' : item.checked ? '[x] ' : '[ ] ';
        // The citation of the list goes on its last item's first line.
        const parts = item.units.map((part, j) =>
          nested([part], i === unit.items.length - 1 && j === 0 ? cite : ''),
        );
        const body = parts.filter(Boolean).join(loose ? '\n\n' : '\n');
        return prefixed(`${box}${body}`, marker, ' '.repeat(marker.length));
      });
      return items.join(loose ? '\n\n' : '\n');
    }
    case 'table': {
      const row = (cells: Inline[], end = '') =>
        `| ${cells.map((cell, j) => cellOf(inline(cell)) + (j === cells.length - 1 ? end : '')).join(' | ')} |`;
      return [
        row(unit.header),
        `|${' --- |'.repeat(unit.header.length)}`,
        ...unit.rows.map((cells, i) => row(cells, i === unit.rows.length - 1 ? tail : '')),
      ].join('\n');
    }
    case 'code':
      return [fence(unit.code, unit.language), cite].filter(Boolean).join('\n\n');
    case 'diagram':
      return fence(unit.code, 'mermaid');
    case 'admonition': {
      const label = `**${unit.title ? inline(unit.title) : (ADMONITION_LABELS[unit.kind] ?? unit.kind)}:**`;
      const body = nested(unit.units, cite);
      const text = unit.units[0]?.type === 'paragraph' ? `${label} ${body}` : `${label}\n\n${body}`;
      return prefixed(text.trimEnd(), '> ', '> ');
    }
    case 'quote':
      return prefixed(nested(unit.units, cite), '> ', '> ');
    case 'tabs':
      return unit.tabs
        .flatMap((tab, i) => [
          `**${escapeText(tab.label)}**`,
          nested(tab.units, i === unit.tabs.length - 1 ? cite : ''),
        ])
        .filter(Boolean)
        .join('\n\n');
    case 'cards':
      return (options.cards ?? [])
        .map(
          (card) =>
            `- [${escapeText(card.title)}](${card.url})${card.description ? `: ${card.description}` : ''}`,
        )
        .join('\n');
  }
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
