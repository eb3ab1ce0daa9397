import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listGuides } from '../content';
import { apiModel, DEFAULT_SPEC } from '../../api-model';
import { loadModel, MODEL_FILE } from '../../plugins/product-model/model';
import { factProblems } from '../../plugins/product-model/check';

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
  it('takes the states of customers, plans, requests, billing runs, invoices and Workspace assignments from the specification', () => {
    const byEntity = Object.fromEntries(model.states.map((entry) => [entry.entity, entry.states]));
    expect(byEntity.Customer).toContain('Removing');
    expect(byEntity['Billing run']).toEqual(['Queued', 'Running', 'Completed', 'Failed']);
    expect(byEntity.Invoice).toContain('Exported');
    expect(byEntity['Workspace item assigned to a user']).toContain('Assigned');
    for (const entity of ['Customer plan', 'Request', 'User plan'])
      expect(byEntity[entity]?.length).toBeGreaterThan(0);
  });

  it('fails naming the file when an entity points at no enum', () => {
    const broken = modelText.replace('property: status\n', 'property: state\n');
    expect(() => loadModel(broken, spec)).toThrow(
      'docs/product-model.yml: "Customer" points at Customer.state, which has no enum in the specification',
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
});
