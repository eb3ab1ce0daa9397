/**
 * Accessibility problems a page's HTML shows without a browser: a form control without an accessible
 * name (WCAG 1.3.1, 4.1.2; axe's `label`, `select-name` and `button-name`) and a table header cell with
 * nothing in it (axe's `empty-table-header`). The gate runs it over every built page (e2e/markup.test.ts);
 * axe in a browser covers the rest before a release (`npm run check:release`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'parse5';

type Node = {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
  parentNode?: Node | null;
};

const attr = (node: Node, name: string) => node.attrs?.find((a) => a.name === name)?.value;

function* walk(node: Node): Generator<Node> {
  yield node;
  for (const child of node.childNodes ?? []) yield* walk(child);
  if (node.content) yield* walk(node.content);
}

/** The text a screen reader takes from `node`'s content: text, image alternatives and ARIA labels. */
function contentText(node: Node): string {
  if (node.nodeName === '#text') return node.value ?? '';
  if (attr(node, 'aria-hidden') === 'true') return '';
  const label = attr(node, 'aria-label')?.trim();
  if (label) return label;
  if (node.tagName === 'img') return attr(node, 'alt') ?? '';
  if (node.tagName === 'title' && node.parentNode?.tagName === 'svg') return textOf(node);
  return (node.childNodes ?? []).map(contentText).join(' ');
}
const textOf = (node: Node) => (node.childNodes ?? []).map((child) => child.value ?? '').join('');
const filled = (text: string | undefined) => Boolean(text?.replace(/\s+/g, ''));

/** A short, recognisable form of an element for an error message. */
function describe(node: Node): string {
  const attrs = (node.attrs ?? [])
    .filter((a) => ['id', 'class', 'type', 'name'].includes(a.name))
    .map((a) => ` ${a.name}="${a.value.slice(0, 40)}"`)
    .join('');
  return `<${node.tagName}${attrs}>`;
}

const UNNAMED_INPUTS = new Set(['hidden']);
const VALUE_NAMED_INPUTS = new Set(['submit', 'reset', 'button']);

/** One line per problem in the page's HTML. */
export function markupProblems(html: string): string[] {
  const document = parse(html) as unknown as Node;
  const elements = [...walk(document)].filter((node) => node.tagName);
  const byId = new Map(elements.flatMap((node) => (attr(node, 'id') ? [[attr(node, 'id')!, node]] : [])));
  const labelled = new Set<Node>();
  for (const label of elements.filter((node) => node.tagName === 'label')) {
    if (!filled(contentText(label))) continue;
    const target = attr(label, 'for');
    if (target && byId.has(target)) labelled.add(byId.get(target)!);
    for (const inner of walk(label)) labelled.add(inner);
  }
  const named = (node: Node) =>
    filled(attr(node, 'aria-label')) ||
    filled(
      attr(node, 'aria-labelledby')
        ?.split(/\s+/)
        .map((id) => (byId.has(id) ? contentText(byId.get(id)!) : ''))
        .join(''),
    ) ||
    filled(attr(node, 'title'));

  const problems: string[] = [];
  for (const node of elements) {
    const tag = node.tagName;
    if (tag === 'input') {
      const type = (attr(node, 'type') ?? 'text').toLowerCase();
      if (UNNAMED_INPUTS.has(type)) continue;
      const ok =
        named(node) ||
        labelled.has(node) ||
        filled(attr(node, 'placeholder')) ||
        (VALUE_NAMED_INPUTS.has(type) && filled(attr(node, 'value'))) ||
        (type === 'image' && filled(attr(node, 'alt')));
      if (!ok) problems.push(`form control without a label: ${describe(node)}`);
    } else if (tag === 'select' || tag === 'textarea') {
      if (!named(node) && !labelled.has(node))
        problems.push(`form control without a label: ${describe(node)}`);
    } else if (tag === 'button') {
      if (!named(node) && !labelled.has(node) && !filled(contentText(node)))
        problems.push(`button without a name: ${describe(node)}`);
    } else if (tag === 'th') {
      if (!named(node) && !filled(contentText(node)))
        problems.push(`empty table header cell: ${describe(node)} in ${describeTable(node)}`);
    }
  }
  return problems;
}

/** The table a header cell belongs to, by its first header texts. */
function describeTable(cell: Node): string {
  let table = cell.parentNode;
  while (table && table.tagName !== 'table') table = table.parentNode;
  if (!table) return 'no table';
  const headers = [...walk(table)]
    .filter((node) => node.tagName === 'th')
    .map((node) => contentText(node).replace(/\s+/g, ' ').trim())
    .slice(0, 4);
  return `the table headed "${headers.join(' | ')}"`;
}

/** The problems of every HTML page under `dir`, one line each, prefixed with the page's path. */
export function siteMarkupProblems(dir: string): { pages: number; problems: string[] } {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .sort();
  const problems = files.flatMap((file) =>
    markupProblems(fs.readFileSync(path.join(dir, file), 'utf8')).map((problem) => `${file}: ${problem}`),
  );
  return { pages: files.length, problems };
}
