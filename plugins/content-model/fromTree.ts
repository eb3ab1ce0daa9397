/**
 * A doc's Markdown tree (mdast, after the site's remark transforms) as the content model (./model.ts).
 * The JSX the transforms and the generated pages use (code tokens, diagrams, tabs, doc cards, the
 * reference's endpoint line) is read as what it shows.
 */
import { createSlugger, parseMarkdownHeadingId } from '@docusaurus/utils';
import type {
  DocContent,
  ListItem,
  Phrasing,
  Section,
  Unit,
} from '@services-manager-docs/core/content/model';

/** The mdast fields this module reads (mdast, mdast-util-mdx-jsx and mdast-util-directive nodes). */
export type MdNode = {
  type: string;
  value?: string;
  depth?: number;
  lang?: string | null;
  url?: string;
  alt?: string | null;
  identifier?: string;
  name?: string | null;
  ordered?: boolean | null;
  start?: number | null;
  checked?: boolean | null;
  attributes?: { type: string; name?: string; value?: unknown }[] | Record<string, unknown>;
  meta?: string | null;
  position?: { start: { line: number; offset?: number }; end: { line: number; offset?: number } };
  data?: { id?: string; directiveLabel?: boolean; diagram?: string; [key: string]: unknown };
  children?: MdNode[];
};

export type TreeOptions = {
  /** The site URL a link target written on the page leads to (relative links, `.md` files). */
  resolveLink?: (target: string) => string;
};

const ADMONITIONS = new Set([
  'note',
  'tip',
  'info',
  'warning',
  'danger',
  'caution',
  'important',
  'success',
  'secondary',
]);

/** A JSX element's attribute as a string (a literal, or a string expression such as `{"a"}`). */
function attribute(node: MdNode, name: string): string | undefined {
  const attributes = node.attributes;
  if (!Array.isArray(attributes)) {
    const value = attributes?.[name];
    return typeof value === 'string' ? value : undefined;
  }
  const found = attributes.find((attr) => attr.type === 'mdxJsxAttribute' && attr.name === name);
  if (typeof found?.value === 'string') return found.value;
  const expression = (found?.value as { value?: string } | undefined)?.value;
  return expression === undefined ? undefined : stringLiteral(expression);
}

/** The value of a JavaScript string literal expression (`"a"`, `'a'`), or undefined. */
function stringLiteral(expression: string): string | undefined {
  const text = expression.trim();
  if (/^"(?:[^"\\]|\\.)*"$/.test(text)) {
    try {
      return JSON.parse(text) as string;
    } catch {
      return undefined;
    }
  }
  if (/^'(?:[^'\\]|\\.)*'$/.test(text)) return text.slice(1, -1).replace(/\\(.)/g, '$1');
  return undefined;
}

/** A node's text: its text and inline code, and string literals of MDX expressions, in order. */
export const textOf = (node: MdNode): string =>
  node.type === 'text' || node.type === 'inlineCode'
    ? (node.value ?? '')
    : node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression'
      ? (stringLiteral(node.value ?? '') ?? '')
      : (node.children ?? []).map(textOf).join('');

/** The heading ids Docusaurus gives a page's headings, in document order (`{#id}`, else a slug). */
function headingIds(tree: MdNode): Map<MdNode, string> {
  const slugger = createSlugger();
  const ids = new Map<MdNode, string>();
  const visit = (node: MdNode) => {
    if (node.type === 'heading') {
      if (node.data?.id) ids.set(node, node.data.id);
      else {
        const text = (node.children ?? [])
          .filter((child) => child.type !== 'html')
          .map(textOf)
          .join('');
        ids.set(node, parseMarkdownHeadingId(text).id ?? slugger.slug(text));
      }
    }
    node.children?.forEach(visit);
  };
  visit(tree);
  return ids;
}

/** Drops a trailing `{#id}` from a heading's inline content. */
function withoutHeadingId(nodes: Phrasing[]): Phrasing[] {
  const last = nodes.at(-1);
  if (last?.type !== 'text') return nodes;
  const value = last.value.replace(/\s*\{#[^}]*\}\s*$/, '');
  return value ? [...nodes.slice(0, -1), { type: 'text', value }] : nodes.slice(0, -1);
}

/** Adjacent text nodes merged, empty ones dropped, the ends trimmed. */
function tidy(nodes: Phrasing[]): Phrasing[] {
  const out: Phrasing[] = [];
  for (const node of nodes) {
    const last = out.at(-1);
    if (node.type === 'text' && !node.value) continue;
    if (node.type === 'text' && last?.type === 'text') last.value += node.value;
    else out.push(node.type === 'text' ? { ...node } : node);
  }
  const first = out[0];
  if (first?.type === 'text') first.value = first.value.replace(/^\s+/, '');
  const end = out.at(-1);
  if (end?.type === 'text') end.value = end.value.replace(/\s+$/, '');
  return out.filter((node) => node.type !== 'text' || node.value);
}

/** Node types that are inline content. */
const isPhrasing = (node: MdNode) =>
  [
    'text',
    'inlineCode',
    'strong',
    'emphasis',
    'delete',
    'link',
    'linkReference',
    'image',
    'break',
    'mdxJsxTextElement',
    'mdxTextExpression',
  ].includes(node.type);

/** Reads one doc's tree into units: inline content, blocks and MDX elements, links resolved and recorded. */
class TreeReader {
  readonly links: string[] = [];
  private readonly definitions = new Map<string, string>();

  constructor(
    tree: MdNode,
    private readonly resolve: (target: string) => string,
  ) {
    const collect = (node: MdNode) => {
      if (node.type === 'definition' && node.identifier && node.url)
        this.definitions.set(node.identifier.toLowerCase(), node.url);
      node.children?.forEach(collect);
    };
    collect(tree);
  }

  private link(target: string, children: Phrasing[]): Phrasing {
    const url = this.resolve(target);
    if (!this.links.includes(url)) this.links.push(url);
    return { type: 'link', url, children };
  }

  /** Inline content as the model's phrasing: links resolved and recorded, markup that shows nothing dropped. */
  phrasing(nodes: MdNode[] = []): Phrasing[] {
    return tidy(
      nodes.flatMap((node): Phrasing[] => {
        switch (node.type) {
          case 'text':
            return [{ type: 'text', value: node.value ?? '' }];
          case 'inlineCode':
            return [{ type: 'code', value: node.value ?? '' }];
          case 'strong':
          case 'emphasis':
          case 'delete':
            return [{ type: node.type, children: this.phrasing(node.children) }];
          case 'link':
            return [this.link(node.url ?? '', this.phrasing(node.children))];
          case 'linkReference': {
            const url = this.definitions.get((node.identifier ?? '').toLowerCase());
            return url ? [this.link(url, this.phrasing(node.children))] : this.phrasing(node.children);
          }
          case 'image':
            return [{ type: 'image', url: this.resolve(node.url ?? ''), alt: node.alt ?? '' }];
          case 'break':
            return [{ type: 'break' }];
          case 'mdxTextExpression':
          case 'mdxFlowExpression': {
            const value = stringLiteral(node.value ?? '');
            return value ? [{ type: 'text', value }] : [];
          }
          case 'mdxJsxTextElement':
          case 'mdxJsxFlowElement': {
            if (node.name === 'code') return [{ type: 'code', value: textOf(node) }];
            if (node.name === 'br') return [{ type: 'break' }];
            if (node.name === 'a' && attribute(node, 'href'))
              return [this.link(attribute(node, 'href')!, this.phrasing(node.children))];
            if (node.name === 'span' && /\bapi-badge\b/.test(attribute(node, 'className') ?? ''))
              return [{ type: 'strong', children: this.phrasing(node.children) }];
            return this.phrasing(node.children);
          }
          case 'html':
          case 'footnoteReference':
          case 'textDirective':
            return [];
          default:
            return node.children
              ? this.phrasing(node.children)
              : node.value
                ? [{ type: 'text', value: node.value }]
                : [];
        }
      }),
    );
  }

  blocks(nodes: MdNode[] = []): Unit[] {
    const units: Unit[] = [];
    for (const node of nodes) units.push(...this.block(node));
    return units;
  }

  block(node: MdNode): Unit[] {
    switch (node.type) {
      case 'paragraph': {
        const text = this.phrasing(node.children);
        return text.length ? [{ type: 'paragraph', text }] : [];
      }
      case 'heading': {
        const text = withoutHeadingId(this.phrasing(node.children));
        return text.length ? [{ type: 'heading', depth: node.depth ?? 4, text }] : [];
      }
      case 'list':
        return [
          {
            type: 'list',
            ordered: Boolean(node.ordered),
            start: node.ordered ? (node.start ?? 1) : 1,
            items: (node.children ?? []).map((item): ListItem => ({
              checked: item.checked ?? null,
              units: this.blocks(item.children),
            })),
          },
        ];
      case 'table': {
        const [header, ...rows] = (node.children ?? []).map((row) =>
          (row.children ?? []).map((cell) => this.phrasing(cell.children)),
        );
        return header ? [{ type: 'table', header, rows }] : [];
      }
      case 'code':
        if (node.lang === 'mermaid') return [{ type: 'diagram', alt: '', code: node.value ?? '' }];
        return [{ type: 'code', language: (node.lang ?? '').toLowerCase(), code: node.value ?? '' }];
      case 'blockquote':
        return [{ type: 'quote', units: this.blocks(node.children) }];
      case 'containerDirective': {
        if (!ADMONITIONS.has(node.name ?? '')) return this.blocks(node.children);
        const [first, ...rest] = node.children ?? [];
        const labelled = first?.type === 'paragraph' && first.data?.directiveLabel;
        const title = labelled ? this.phrasing(first.children) : null;
        return [
          {
            type: 'admonition',
            kind: node.name!,
            title,
            units: this.blocks(labelled ? rest : node.children),
          },
        ];
      }
      case 'mdxJsxFlowElement':
        return this.jsxBlock(node);
      case 'mdxJsxTextElement':
      case 'text':
      case 'inlineCode':
      case 'strong':
      case 'emphasis':
      case 'link': {
        const text = this.phrasing([node]);
        return text.length ? [{ type: 'paragraph', text }] : [];
      }
      default:
        // Front matter, imports, expressions, HTML comments, definitions, rules, leftover directives.
        return [];
    }
  }

  /** An MDX element: admonitions, diagrams, tabs, doc cards; other elements show their children. */
  jsxBlock(node: MdNode): Unit[] {
    switch (node.name) {
      case 'admonition': {
        const title = attribute(node, 'title');
        return [
          {
            type: 'admonition',
            kind: attribute(node, 'type') ?? 'note',
            title: title ? [{ type: 'text', value: title }] : null,
            units: this.blocks(node.children),
          },
        ];
      }
      case 'figure':
        if (typeof node.data?.diagram === 'string') {
          const image = node.children?.find((child) => child.name === 'img');
          return [
            { type: 'diagram', alt: (image && attribute(image, 'alt')) ?? '', code: node.data.diagram },
          ];
        }
        return this.blocks(node.children);
      case 'Tabs':
        return [
          {
            type: 'tabs',
            tabs: (node.children ?? [])
              .filter((child) => child.type === 'mdxJsxFlowElement' && child.name === 'TabItem')
              .map((tab) => ({
                label: attribute(tab, 'label') ?? attribute(tab, 'value') ?? '',
                units: this.blocks(tab.children),
              })),
          },
        ];
      case 'DocCardList':
        return [{ type: 'cards' }];
      case 'p': {
        const text = this.phrasing(node.children);
        return text.length ? [{ type: 'paragraph', text }] : [];
      }
      case 'code':
      case 'span':
      case 'a':
      case 'strong':
      case 'em': {
        const text = this.phrasing([node]);
        return text.length ? [{ type: 'paragraph', text }] : [];
      }
      default: {
        // Other elements (code tokens around a code block, filters around a table…) show their children.
        const children = node.children ?? [];
        if (children.length && children.every(isPhrasing)) {
          const text = this.phrasing(children);
          return text.length ? [{ type: 'paragraph', text }] : [];
        }
        return this.blocks(children);
      }
    }
  }
}

export function fromTree(tree: MdNode, options: TreeOptions = {}): DocContent {
  const reader = new TreeReader(tree, options.resolveLink ?? ((target: string) => target));
  const ids = headingIds(tree);
  const sections: Section[] = [];
  let current: Section = { level: 1, heading: [], anchor: '', units: [] };
  for (const node of tree.children ?? []) {
    if (node.type === 'heading' && node.depth === 1) continue;
    if (node.type === 'heading' && (node.depth === 2 || node.depth === 3)) {
      sections.push(current);
      current = {
        level: node.depth,
        heading: withoutHeadingId(reader.phrasing(node.children)),
        anchor: ids.get(node) ?? '',
        units: [],
      };
      continue;
    }
    current.units.push(...reader.block(node));
  }
  sections.push(current);
  return {
    sections: sections.filter((section) => section.level > 1 || section.units.length),
    links: reader.links,
  };
}
