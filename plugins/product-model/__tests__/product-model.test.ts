import path from 'node:path';
import { describe, expect, it } from 'vitest';
import remarkProductModel, { modelTable, permissionParagraph } from '..';
import { docMarkdown, parseDoc } from '../../content-model';
import type { Model } from '../model';
import { apiSpecSource, DEFAULT_SPEC } from '@services-manager-docs/core/api';

const model: Model = {
  roles: [
    { name: 'Admin', level: 'Provider', holder: 'The platform team' },
    { name: 'User', level: 'Customer', holder: 'Everyone' },
  ],
  permissions: [{ name: 'Users: manage', grants: ['All', 'No'] }],
  states: [
    { entity: 'Customer', definition: 'Customer', property: 'status', states: ['Active', 'Removing'] },
  ],
  otherStates: [],
};
type Node = { type: string; value?: string; children?: Node[] };
const cellText = (node: Node): string => node.value ?? (node.children ?? []).map(cellText).join('');
const rows = (table: Node) => table.children!.map((row) => row.children!.map(cellText));

describe('modelTable', () => {
  it('shows roles, what each role holds, and each entity’s states with their source', () => {
    expect(rows(modelTable(model, 'roles')!)).toEqual([
      ['Role', 'Level', 'Typical holder'],
      ['Admin', 'Provider', 'The platform team'],
      ['User', 'Customer', 'Everyone'],
    ]);
    expect(rows(modelTable(model, 'permissions')!)).toEqual([
      ['Permission', 'Admin', 'User'],
      ['Users: manage', 'All', 'No'],
    ]);
    expect(rows(modelTable(model, 'states')!)).toEqual([
      ['Entity', 'States', 'In the API'],
      ['Customer', 'Active, Removing', 'Customer.status'],
    ]);
    expect(modelTable(model, 'plans')).toBeUndefined();
  });
});

describe('permissionParagraph', () => {
  const tenancy: Model = {
    ...model,
    roles: [
      { name: 'Service Provider Admin', level: 'Provider', holder: 'The platform team' },
      { name: 'Reseller Admin', level: 'Reseller', holder: 'A reseller' },
      { name: 'Customer Admin', level: 'Customer', holder: 'A customer' },
    ],
    permissions: [
      { name: 'Workspace: manage items', grants: ['All', 'Own items', 'No'] },
      { name: 'Scripts: manage', grants: ['Provider only', 'No', 'No'] },
      { name: 'Jobs: pause', grants: ['No', 'No', 'No'] },
    ],
  };
  const said = (name: string) => {
    const paragraph = permissionParagraph(
      tenancy,
      tenancy.permissions.find((p) => p.name === name)!,
    );
    expect(paragraph.type).toBe('paragraph');
    expect(paragraph.children!.filter((node) => node.type === 'strong').map(cellText)).toEqual([
      'Who can do this:',
      name,
    ]);
    return cellText(paragraph);
  };

  it('names the roles that hold the permission with their grant, leaving out those that do not', () => {
    expect(said('Workspace: manage items')).toBe(
      'Who can do this: Service Provider Admin (all), Reseller Admin (own items). Permission: Workspace: manage items.',
    );
  });

  it('reads "Provider only" as the provider’s administrators only, and says when no role holds it', () => {
    expect(said('Scripts: manage')).toBe(
      "Who can do this: Service Provider Admin (the provider's administrators only). Permission: Scripts: manage.",
    );
    expect(said('Jobs: pause')).toBe('Who can do this: no built-in role. Permission: Jobs: pause.');
  });
});

describe('remarkProductModel', () => {
  const ROOT = path.resolve(__dirname, '../../..');
  const directive = (show: string) => ({
    type: 'leafDirective',
    name: 'product-model',
    attributes: { show },
    position: { start: { line: 12 } },
  });
  const run = (tree: Node) =>
    remarkProductModel({
      spec: { kind: 'file', location: path.join(ROOT, DEFAULT_SPEC) },
      model: path.join(ROOT, 'docs/product-model.yml'),
    })(tree, { path: path.join(ROOT, 'docs/concepts/page.md') });

  it('replaces the directive with the table, states read from the specification', async () => {
    const tree = { type: 'root', children: [directive('states') as Node] };
    await run(tree);
    expect(tree.children[0].type).toBe('table');
    expect(rows(tree.children[0])).toContainEqual([
      'Customer',
      'Provisioning, Active, Suspended, Removing, Failed',
      'Customer.status',
    ]);
  });

  const permission = (attributes: Record<string, string>) => ({
    type: 'leafDirective',
    name: 'permission',
    attributes,
    position: { start: { line: 7 } },
  });

  it('replaces ::permission with who can do the task, from docs/product-model.yml', async () => {
    const tree = { type: 'root', children: [permission({ action: 'Workspace: manage items' }) as Node] };
    await run(tree);
    expect(tree.children[0].type).toBe('paragraph');
    expect(cellText(tree.children[0])).toBe(
      'Who can do this: Service Provider Admin (all), Reseller Admin (own items). Permission: Workspace: manage items.',
    );
  });

  it('fails on an unknown or missing permission with the file, the line and the permission names', async () => {
    await expect(
      run({ type: 'root', children: [permission({ action: 'Workspace: manage itemz' }) as Node] }),
    ).rejects.toThrow(
      /^docs\/concepts\/page\.md:7: ::permission\{action="Workspace: manage itemz"\} is not a permission of the product model \(docs\/product-model\.yml\): Customers: view, .*Workspace: manage items/,
    );
    await expect(run({ type: 'root', children: [permission({}) as Node] })).rejects.toThrow(
      /^docs\/concepts\/page\.md:7: ::permission needs action="…" naming a permission of the product model \(docs\/product-model\.yml\): Customers: view, /,
    );
  });

  it('reads no model for a page without a directive', async () => {
    const tree = {
      type: 'root',
      children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Hi' }] }],
    };
    await remarkProductModel({
      spec: { kind: 'file', location: '/nonexistent/spec.yaml' },
      model: '/nonexistent/product-model.yml',
    })(tree, { path: 'docs/page.md' });
    expect(cellText(tree)).toBe('Hi');
  });

  it('fails on an unknown table with the file and line', async () => {
    await expect(run({ type: 'root', children: [directive('plans') as Node] })).rejects.toThrow(
      'docs/concepts/page.md:12: ::product-model needs show="roles", "permissions" or "states", not "plans"',
    );
  });
});

describe('the product model in the content model', () => {
  it('is a table, or a paragraph of who can do a task, in the page model the twins and search are made from', async () => {
    const ROOT = path.resolve(__dirname, '../../..');
    const cwd = process.cwd();
    process.chdir(ROOT);
    try {
      const doc = await parseDoc(
        path.join(ROOT, 'docs/concepts/page.md'),
        { remarkPlugins: [[remarkProductModel, { spec: apiSpecSource() }]] },
        { source: 'Intro.\n\n::product-model{show="states"}\n\nEnd.\n' },
      );
      const out = docMarkdown(doc);
      expect(out).toContain(
        '| Entity | States | In the API |\n| --- | --- | --- |\n| Customer | `Provisioning`, `Active`',
      );
      expect(out.startsWith('Intro.\n\n|')).toBe(true);
      expect(out.endsWith('\n\nEnd.')).toBe(true);
      const task = docMarkdown(
        await parseDoc(
          path.join(ROOT, 'docs/concepts/page.md'),
          { remarkPlugins: [[remarkProductModel, { spec: apiSpecSource() }]] },
          { source: 'Intro.\n\n::permission{action="Workspace: manage items"}\n\nEnd.\n' },
        ),
      );
      expect(task).toBe(
        'Intro.\n\n**Who can do this:** Service Provider Admin (all), Reseller Admin (own items). Permission: **Workspace: manage items**.\n\nEnd.',
      );
    } finally {
      process.chdir(cwd);
    }
  });
});
