import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listGuides } from '../content';
import { apiModel, DEFAULT_SPEC } from '@services-manager-docs/core/api';
import { loadModel, MODEL_FILE } from '../../plugins/product-model/model';
import { factProblems, permissionProblems } from '../../plugins/product-model/check';

const ROOT = path.resolve(__dirname, '../..');
const spec = await apiModel({ kind: 'file', location: path.join(ROOT, DEFAULT_SPEC) });
const modelText = fs.readFileSync(path.join(ROOT, MODEL_FILE), 'utf8');
const model = loadModel(modelText, spec);
const enums = spec.enumValues;
/** The specification's model names (`Request`, `Invoice`) are not states. */
const names = new Set(Object.keys(spec.schemas));
const guides = listGuides(ROOT);
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('the product model', () => {
  it('takes the states of customers, plans, requests, billing runs, invoices and Workspace items from the specification’s lifecycles', () => {
    const byEntity = Object.fromEntries(model.states.map((entry) => [entry.entity, entry.states]));
    expect(byEntity.Customer).toContain('Removing');
    expect(byEntity['Billing run']).toEqual(['Queued', 'Running', 'Completed', 'Failed']);
    expect(byEntity.Invoice).toContain('Exported');
    expect(byEntity['User item assignment']).toContain('Assigned');
    expect(byEntity['Customer item']).toContain('Active');
    for (const entity of ['Customer plan', 'Request', 'User plan'])
      expect(byEntity[entity]?.length).toBeGreaterThan(0);
  });

  it('fails naming the file when it lists API states, or a permission is misnamed', () => {
    const broken = `${modelText}\nstates:\n  - entity: Customer\n`;
    expect(() => loadModel(broken, spec)).toThrow(
      'docs/product-model.yml: the API\'s states come from the specification (x-lifecycle of each schema with a status enum): remove "states"',
    );
    expect(() => loadModel(modelText.replace("'Users: manage'", "'Users.Manage'"), spec)).toThrow(
      'permission "Users.Manage" must read "Area: action"',
    );
  });

  it('is shown by the concept pages: roles and permissions, and the entities’ states', () => {
    const roles = read('docs/concepts/roles-&-permissions.md');
    for (const show of ['roles', 'permissions']) expect(roles).toContain(`::product-model{show="${show}"}`);
    expect(read('docs/concepts/core-entities.md')).toContain('::product-model{show="states"}');
  });
});

describe('pages use the product model’s words', () => {
  it.each(guides)('%s writes only states and permissions the model has', (file) => {
    expect(factProblems(file, read(file), model, enums, names)).toEqual([]);
  });

  it.each(guides)('%s says who can do what only as the model does', (file) => {
    expect(permissionProblems(file, read(file), model)).toEqual([]);
  });

  it('a page that drifts fails with the file, the line and the word', () => {
    const page = [
      '---',
      'title: Fixture',
      '---',
      '',
      'Your role grants **Workspace: Manage items** and **Users: manage**.',
      '',
      '| Status | Meaning |',
      '|---|---|',
      '| `Deprovisioning` | Being removed |',
      '',
      'The run stays at **Calculating**, then the status changes to `Completed`; set it to **Hidden**.',
      'The item shows as `Delivered`. Select **Save**; `Location` header, `True`, the `Request` status.',
      '```text',
      'status `Bogus`',
      '```',
    ].join('\n');
    expect(factProblems('docs/fixture.md', page, model, enums, names)).toEqual([
      'docs/fixture.md:5: permission **Workspace: Manage items** is not in the product model (Workspace: manage items, Workspace: manage customer items, Workspace: manage roles, Workspace: assign items)',
      'docs/fixture.md:9: state `Deprovisioning` is not a state of the product model or the specification',
      'docs/fixture.md:11: state **Calculating** is not a state of the product model or the specification',
      'docs/fixture.md:11: state **Hidden** is not a state of the product model or the specification',
      'docs/fixture.md:12: state `Delivered` is not a state of the product model or the specification',
    ]);
  });

  it('a page that restates roles the model contradicts fails and is told to write ::permission', () => {
    const page = [
      '---',
      'title: Fixture',
      '---',
      '',
      'This page is for customer administrators who manage Workspace items.',
      '',
      '::permission{action="Workspace: manage items"}',
      '',
      'Reseller administrators can create items; customer administrators can create items.',
      'Reseller administrators cannot manage brands.',
      '::permission{action="Brands: administer"}',
    ].join('\n');
    const instead = (permission: string) =>
      `(docs/product-model.yml); write ::permission{action="${permission}"} instead of naming roles`;
    const problems = permissionProblems('docs/fixture.md', page, model);
    expect(problems.slice(0, 2)).toEqual([
      `docs/fixture.md:9: "customer administrators can create items" — Customer Admin does not hold **Workspace: manage items** ${instead('Workspace: manage items')}`,
      `docs/fixture.md:10: "Reseller administrators cannot manage brands" — Reseller Admin holds **Brands: manage** (own brand) ${instead('Brands: manage')}`,
    ]);
    expect(problems[2]).toMatch(
      /^docs\/fixture\.md:11: ::permission\{action="Brands: administer"\} is not a permission of the product model \(docs\/product-model\.yml\): Customers: view, .*Brands: manage/,
    );
    expect(problems).toHaveLength(3);
  });
});
