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

  it('fails on an unknown table with the file and line', async () => {
    await expect(run({ type: 'root', children: [directive('plans') as Node] })).rejects.toThrow(
      'docs/concepts/page.md:12: ::product-model needs show="roles", "permissions" or "states", not "plans"',
    );
  });
});

describe('the product model in the content model', () => {
  it('is a table in the page model the twins and search are made from', async () => {
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
    } finally {
      process.chdir(cwd);
    }
  });
});
