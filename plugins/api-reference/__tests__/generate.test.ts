/**
 * The REST reference generator on the small OpenAPI 3 specification: which files it writes, their front
 * matter, and the sidebar that groups the operations by tag.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { apiModel, modelFromText } from '@services-manager-docs/core/api';
import {
  GENERATED_DIR,
  REFERENCE_SIDEBAR_FILE,
  referencePages,
  referenceSidebar,
  writeReference,
} from '../generate';
import { kebabCase, operationPageId } from '../pageId';

const ROOT = path.resolve(__dirname, '../../..');
const FIXTURE = 'core/api/__fixtures__/openapi3.yaml';
const model = await apiModel({ kind: 'file', location: FIXTURE }, { cwd: ROOT, cmdletsFile: false });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-reference-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A page file's front matter, parsed. */
function frontMatter(file: string): Record<string, unknown> {
  const text = fs.readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n\n/.exec(text);
  expect(match, `${file} starts with front matter`).toBeTruthy();
  return yaml.load(match![1]) as Record<string, unknown>;
}

type FixtureOperation = { operationId?: string; tags?: string[]; deprecated?: boolean };
type Fixture = { paths: Record<string, Record<string, FixtureOperation>> };

/** The fixture with changes, as a model. */
async function fixtureWith(change: (document: Fixture) => void) {
  const document = yaml.load(fs.readFileSync(path.join(ROOT, FIXTURE), 'utf8')) as Fixture;
  change(document);
  return modelFromText(yaml.dump(document), 'changed-openapi3.yaml');
}

describe('the reference generator', () => {
  const referenceDir = path.join(dir, GENERATED_DIR);
  fs.mkdirSync(referenceDir, { recursive: true });
  // A page of an operation the specification no longer has goes when the reference is written again.
  fs.writeFileSync(path.join(referenceDir, 'old-operation.api.mdx'), '');
  const pages = writeReference(model, dir);

  it('writes the overview, one page per operation and one per tag, and the sidebar', () => {
    expect(fs.readdirSync(referenceDir).sort()).toEqual([
      'create-widget.api.mdx',
      'delete-widget.api.mdx',
      'get-widget.api.mdx',
      'list-widgets.api.mdx',
      'set-widget-picture.api.mdx',
      'sidebar.json',
      'widget-api.info.mdx',
      'widgets.tag.mdx',
    ]);
    expect(pages.map((page) => `${page.type} ${page.id}`)).toEqual([
      'info widget-api',
      'api list-widgets',
      'api create-widget',
      'api get-widget',
      'api delete-widget',
      'api set-widget-picture',
      'tag widgets',
    ]);
  });

  it('names each page by its front matter id, with its title, description and method', () => {
    for (const page of pages) {
      const matter = frontMatter(path.join(referenceDir, page.file));
      expect(page.file).toBe(`${matter.id}.${page.type}.mdx`);
      expect(matter.custom_edit_url).toBeNull();
      expect(matter.sidebar_label).toBe(matter.title);
    }
    expect(frontMatter(path.join(referenceDir, 'create-widget.api.mdx'))).toEqual({
      id: 'create-widget',
      title: 'Create a widget',
      description: 'Creates a widget in the Draft state.',
      sidebar_label: 'Create a widget',
      sidebar_class_name: 'api-method post',
      custom_edit_url: null,
    });
    expect(frontMatter(path.join(referenceDir, 'widget-api.info.mdx'))).toMatchObject({
      id: 'widget-api',
      title: 'Widget API',
      description: 'Widgets and their parts.',
    });
    expect(frontMatter(path.join(referenceDir, 'widgets.tag.mdx'))).toMatchObject({
      id: 'widgets',
      title: 'Widgets',
      description: 'Widgets, made of parts.',
    });
    expect(frontMatter(path.join(referenceDir, 'widgets.tag.mdx'))).not.toHaveProperty('sidebar_class_name');
  });

  it('gives every operation page the id the guides link to', () => {
    for (const operation of model.operations)
      expect(
        fs.existsSync(path.join(referenceDir, `${operationPageId(operation.operationId)}.api.mdx`)),
      ).toBe(true);
  });

  it('shows the page the generator wrote, inherited path parameters and security included', () => {
    const get = fs.readFileSync(path.join(referenceDir, 'get-widget.api.mdx'), 'utf8');
    expect(get).toBe(pages.find((page) => page.id === 'get-widget')!.content);
    expect(get).toContain('<code>{"/widgets/{widgetId}"}</code>');
    expect(get).toContain('| `widgetId` | string (uuid) | Yes | Widget id.');
    expect(get).toContain("curl -X GET 'https://widgets.example.com/api/v3/widgets/3f1c9a2e");
  });

  it('groups the operations by tag under the overview, each category linked to its tag page', () => {
    const sidebar = JSON.parse(fs.readFileSync(path.join(dir, REFERENCE_SIDEBAR_FILE), 'utf8'));
    expect(sidebar).toEqual([
      { type: 'doc', id: 'reference/widget-api' },
      {
        type: 'category',
        label: 'Widgets',
        link: { type: 'doc', id: 'reference/widgets' },
        items: [
          { type: 'doc', id: 'reference/list-widgets', label: 'List widgets', className: 'api-method get' },
          {
            type: 'doc',
            id: 'reference/create-widget',
            label: 'Create a widget',
            className: 'api-method post',
          },
          { type: 'doc', id: 'reference/get-widget', label: 'Get a widget', className: 'api-method get' },
          {
            type: 'doc',
            id: 'reference/delete-widget',
            label: 'Delete a widget',
            className: 'api-method delete',
          },
          {
            type: 'doc',
            id: 'reference/set-widget-picture',
            label: 'Upload a widget picture',
            className: 'api-method put',
          },
        ],
      },
    ]);
  });

  it('lists operations of an undeclared tag after the declared ones, and untagged operations last', async () => {
    const changed = await fixtureWith((document) => {
      document.paths['/widgets'].get.tags = ['Catalog'];
      delete document.paths['/widgets/{widgetId}'].delete.tags;
      document.paths['/widgets/{widgetId}'].get.deprecated = true;
    });
    const sidebar = referenceSidebar(changed);
    expect(sidebar.map((item) => (item.type === 'category' ? item.label : item.id))).toEqual([
      'reference/widget-api',
      'Widgets',
      'Catalog',
      'Other operations',
    ]);
    const [, widgets, catalog, other] = sidebar as Extract<(typeof sidebar)[number], { type: 'category' }>[];
    expect(widgets.items.map((item) => item.id)).toEqual([
      'reference/create-widget',
      'reference/get-widget',
      'reference/set-widget-picture',
    ]);
    expect(widgets.items[1].className).toBe('menu__list-item--deprecated api-method get');
    expect(catalog).toEqual({
      type: 'category',
      label: 'Catalog',
      items: [
        { type: 'doc', id: 'reference/list-widgets', label: 'List widgets', className: 'api-method get' },
      ],
    });
    expect(other.items.map((item) => item.id)).toEqual(['reference/delete-widget']);
  });

  it('stops when two operations would have the same page', async () => {
    const changed = await fixtureWith((document) => {
      document.paths['/widgets'].get.operationId = 'create_widget';
    });
    expect(() => referencePages(changed)).toThrow(
      'changed-openapi3.yaml: the operation create_widget and the operation createWidget would both be create-widget.api.mdx',
    );
  });
});

describe('page ids', () => {
  it('split names into lower-case words joined by hyphens', () => {
    expect(operationPageId('listCustomers')).toBe('list-customers');
    expect(operationPageId('getOAuth2Token')).toBe('get-o-auth-2-token');
    expect(operationPageId('importXMLFile')).toBe('import-xml-file');
    expect(kebabCase('Request log')).toBe('request-log');
    expect(kebabCase('Workspace customer items')).toBe('workspace-customer-items');
    expect(kebabCase("Partner's café_list")).toBe('partners-cafe-list');
  });
});
