/**
 * The REST API reference, generated from the API model: the specification's overview page, one page
 * per operation and one per tag (the landing page of the tag's sidebar category), written as MDX into
 * the API docs instance with the sidebar that groups them by tag. The pages' Markdown comes from
 * ./markdown.ts; this module decides which pages there are, their ids, front matter and sidebar.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SpecError, type ApiModel, type Operation, type Tag } from '@services-manager-docs/core/api';
import { createApiPageMD, createInfoPageMD, createTagPageMD, type ApiItem, type PageItem } from './markdown';
import { lifecycleNotes } from './lifecycleNotes';
import { exampleTargets } from './cortex/targets';
import { infoPageId, operationPageId, tagPageId } from './pageId';

/** The API docs instance's folder, and the reference's folder in it (the doc ids' and URLs' prefix). */
export const API_DOCS_DIR = 'api-docs';
export const REFERENCE_DIR = 'reference';
/** Where the reference pages are generated (not committed). */
export const GENERATED_DIR = `${API_DOCS_DIR}/${REFERENCE_DIR}`;
/** The reference's sidebar: the overview page, then one category per tag. */
export const REFERENCE_SIDEBAR_FILE = `${GENERATED_DIR}/sidebar.json`;

export type PageType = 'info' | 'api' | 'tag';

export type ReferencePage = {
  type: PageType;
  /** The page's id in the reference folder, and the last segment of its URL: `list-customers`. */
  id: string;
  /** Its file in the reference folder: `list-customers.api.mdx`. */
  file: string;
  /** What the Markdown generator was given (the front matter's title and description recorded in it). */
  item: PageItem;
  /** The generator's Markdown. */
  markdown: string;
  /** The file's text: front matter and Markdown. */
  content: string;
};

export type SidebarDoc = { type: 'doc'; id: string; label?: string; className?: string };
export type SidebarCategory = {
  type: 'category';
  label: string;
  /** The tag's page; a tag the specification does not declare has none. */
  link?: { type: 'doc'; id: string };
  items: SidebarDoc[];
};
export type SidebarItem = SidebarDoc | SidebarCategory;

/** The category of operations without a tag. */
export const UNTAGGED_LABEL = 'Other operations';

type Item = PageItem & { type: PageType; id: string; tags?: string[] };

type Servers = { url: string }[];

const displayName = (tag: Tag) => {
  const name = (tag as Tag & { 'x-displayName'?: unknown })['x-displayName'];
  return typeof name === 'string' ? name : tag.name;
};

/** An operation as its page shows it: servers and security inherited from its path and the document. */
function operationItem(model: ApiModel, operation: Operation): Item {
  const document = model.document as typeof model.document & { security?: Operation['security'] };
  const { summary, ...api } = operation as Operation & { servers?: Servers };
  const pathItem = document.paths[operation.path] as { servers?: Servers } | undefined;
  const title = summary || operation.operationId;
  return {
    type: 'api',
    id: operationPageId(operation.operationId),
    title,
    description: operation.description,
    frontMatter: {},
    tags: operation.tags,
    api: {
      ...api,
      servers: api.servers ?? pathItem?.servers ?? document.servers,
      security: operation.security ?? document.security,
    } as ApiItem,
  };
}

/** The pages of a model, in the order the sidebar lists them: the overview, the operations, the tags. */
function items(model: ApiModel): Item[] {
  const { info } = model.document;
  const components = (model.document.components ?? {}) as { securitySchemes?: PageItem['securitySchemes'] };
  const overview: Item[] =
    info.title || info.description
      ? [
          {
            type: 'info',
            id: infoPageId(info.title),
            title: info.title,
            description: info.description,
            frontMatter: {},
            info: info as NonNullable<PageItem['info']>,
            securitySchemes: components.securitySchemes,
          },
        ]
      : [];
  const operations = model.operations.map((operation) => operationItem(model, operation));
  // A page for each tag the specification declares and an operation uses, in the declared order.
  const used = new Set(model.operations.flatMap((operation) => operation.tags));
  const tags = model.tags
    .filter((tag) => used.has(tag.name))
    .map((tag): Item => ({
      type: 'tag',
      id: tagPageId(tag.name),
      title: displayName(tag),
      description: tag.description,
      frontMatter: {},
      tag: { ...tag },
    }));
  return [...overview, ...operations, ...tags];
}

const GENERATORS: Record<PageType, (item: PageItem) => string> = {
  api: createApiPageMD,
  info: createInfoPageMD,
  tag: createTagPageMD,
};

/** The front matter and Markdown of a page; the generator records the title and description as YAML. */
function pageContent(item: Item, markdown: string): string {
  const { yamlTitle, yamlDescription } = item.frontMatter;
  return [
    '---',
    `id: ${item.id}`,
    `title: ${yamlTitle}`,
    `description: ${yamlDescription}`,
    `sidebar_label: ${yamlTitle}`,
    ...(item.api ? [`sidebar_class_name: "api-method ${item.api.method}"`] : []),
    'custom_edit_url: null',
    '---',
    '',
    markdown,
    '',
  ].join('\n');
}

/** Every page of the reference, with its file's text. */
export function referencePages(model: ApiModel): ReferencePage[] {
  // The lifecycle sentences the operation pages show (and the Cortex pages after them).
  lifecycleNotes(model);
  // The path values the samples of lifecycle-restricted operations use (./cortex/targets.ts).
  exampleTargets(model);
  const seen = new Map<string, string>();
  return items(model).map((item) => {
    const file = `${item.id}.${item.type}.mdx`;
    const what = item.api ? `operation ${item.api.operationId}` : `${item.type} "${item.title}"`;
    if (!item.id) throw new SpecError(`${model.source}: the ${what} has no name to make a page id of`);
    if (seen.has(file))
      throw new SpecError(`${model.source}: the ${seen.get(file)} and the ${what} would both be ${file}`);
    seen.set(file, what);
    const markdown = GENERATORS[item.type](item);
    return { type: item.type, id: item.id, file, item, markdown, content: pageContent(item, markdown) };
  });
}

/** A sidebar entry for an operation page: its title and a class for its method's badge. */
function operationDoc(item: Item): SidebarDoc {
  const api = item.api as ApiItem;
  return {
    type: 'doc',
    id: `${REFERENCE_DIR}/${item.id}`,
    label: item.title,
    className: [api.deprecated ? 'menu__list-item--deprecated' : '', 'api-method', api.method]
      .filter(Boolean)
      .join(' '),
  };
}

/**
 * The reference's sidebar: the overview page, then a category per tag (the declared tags in their order,
 * then any other tag the operations use) listing its operations in specification order, linked to the
 * tag's page; operations without a tag last.
 */
export function referenceSidebar(model: ApiModel, pages = referencePages(model)): SidebarItem[] {
  const operations = pages.filter((page) => page.type === 'api').map((page) => page.item as Item);
  const tagPages = new Map(
    pages.filter((page) => page.type === 'tag').map((page) => [page.item.tag!.name, page.id]),
  );
  const used = [...new Set(operations.flatMap((item) => item.tags ?? []))];
  const names = [
    ...model.tags.map((tag) => tag.name).filter((name) => used.includes(name)),
    ...used.filter((name) => !model.tags.some((tag) => tag.name === name)),
  ];
  const categories = names.map((name): SidebarCategory => {
    const tag = model.tags.find((candidate) => candidate.name === name);
    const page = tagPages.get(name);
    return {
      type: 'category',
      label: tag ? displayName(tag) : name,
      ...(page ? { link: { type: 'doc' as const, id: `${REFERENCE_DIR}/${page}` } } : {}),
      items: operations.filter((item) => item.tags?.includes(name)).map(operationDoc),
    };
  });
  const untagged = operations.filter((item) => !item.tags?.length);
  if (untagged.length)
    categories.push({ type: 'category', label: UNTAGGED_LABEL, items: untagged.map(operationDoc) });
  const overview = pages.find((page) => page.type === 'info');
  return [
    ...(overview ? [{ type: 'doc' as const, id: `${REFERENCE_DIR}/${overview.id}` }] : []),
    ...categories,
  ];
}

/**
 * Writes the reference pages and their sidebar into `root`'s reference folder, replacing what was
 * there; returns the pages.
 */
export function writeReference(model: ApiModel, root = process.cwd()): ReferencePage[] {
  const pages = referencePages(model);
  const dir = path.resolve(root, GENERATED_DIR);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const page of pages) fs.writeFileSync(path.join(dir, page.file), page.content);
  fs.writeFileSync(
    path.resolve(root, REFERENCE_SIDEBAR_FILE),
    `${JSON.stringify(referenceSidebar(model, pages), null, 2)}\n`,
  );
  return pages;
}
