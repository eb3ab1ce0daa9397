import { describe, expect, it } from 'vitest';
import { permissionProblems } from '../check';
import type { Model } from '../model';

/** The built-in roles, and a few permissions with the grants docs/product-model.yml gives them. */
const model: Model = {
  roles: [
    { name: 'Service Provider Admin', level: 'Provider', holder: 'The platform team' },
    { name: 'Reseller Admin', level: 'Reseller', holder: 'A reseller’s administrators' },
    { name: 'Customer Admin', level: 'Customer', holder: 'A customer’s administrator' },
    { name: 'User', level: 'Customer', holder: 'Every user' },
  ],
  permissions: [
    { name: 'Customers: view', grants: ['All', 'Own customers', 'Own customer', 'No'] },
    { name: 'Customers: manage', grants: ['All', 'Own customers', 'No', 'No'] },
    { name: 'Users: view', grants: ['All', 'Own customers', 'Own customer', 'Self'] },
    { name: 'Users: manage', grants: ['All', 'Own customers', 'Own customer', 'No'] },
    { name: 'Users: reset password', grants: ['All', 'Own customers', 'Own customer', 'Self'] },
    { name: 'Plans: manage', grants: ['All', 'Own customers', 'No', 'No'] },
    { name: 'Services: configure', grants: ['Provider only', 'No', 'No', 'No'] },
    { name: 'Billing: approve', grants: ['All', 'Own', 'No', 'No'] },
    { name: 'Brands: manage', grants: ['All', 'Own brand', 'No', 'No'] },
    { name: 'Requests: retry', grants: ['All', 'Own customers', 'No', 'No'] },
    { name: 'Workspace: manage items', grants: ['All', 'Own items', 'No', 'No'] },
    { name: 'Workspace: manage roles', grants: ['All', 'Own customers', 'Own customer', 'No'] },
    { name: 'Workspace: assign items', grants: ['All', 'Own customers', 'Own customer', 'No'] },
  ],
  states: [],
  otherStates: [],
};
const check = (...lines: string[]) => permissionProblems('docs/x.md', lines.join('\n'), model);
const instead = (permission: string) =>
  `(docs/product-model.yml); write ::permission{action="${permission}"} instead of naming roles`;

describe('permissionProblems: claims the model denies', () => {
  it('fails on a role said to be able to do what it does not hold, naming file, line, words and permission', () => {
    expect(check('Intro.', '', 'Then customer administrators can create items.')).toEqual([
      `docs/x.md:3: "customer administrators can create items" — Customer Admin does not hold **Workspace: manage items** ${instead('Workspace: manage items')}`,
    ]);
  });

  it('reads every claim form: can, may, is/are allowed to, and "As a …, you can"', () => {
    expect(
      check(
        'Customer admins may publish lists.',
        'A customer administrator is allowed to approve invoices.',
        'Customer administrators are allowed to add plans.',
        'As a customer administrator, you can create brands.',
        'The **Customer Admin** role can also configure services.',
      ),
    ).toEqual([
      `docs/x.md:1: "Customer admins may publish lists" — Customer Admin does not hold **Workspace: manage items** ${instead('Workspace: manage items')}`,
      `docs/x.md:2: "customer administrator is allowed to approve invoices" — Customer Admin does not hold **Billing: approve** ${instead('Billing: approve')}`,
      `docs/x.md:3: "Customer administrators are allowed to add plans" — Customer Admin does not hold **Plans: manage** ${instead('Plans: manage')}`,
      `docs/x.md:4: "customer administrator, you can create brands" — Customer Admin does not hold **Brands: manage** ${instead('Brands: manage')}`,
      `docs/x.md:5: "Customer Admin role can also configure services" — Customer Admin does not hold **Services: configure** ${instead('Services: configure')}`,
    ]);
  });

  it('fails on a role said to be unable to do what it holds: cannot, can’t, may not, is/are not allowed to', () => {
    expect(
      check(
        'Reseller administrators cannot manage brands.',
        'Reseller admins can’t retry requests.',
        'A reseller administrator may not create customers.',
        'Customer administrators are not allowed to reset passwords.',
      ),
    ).toEqual([
      `docs/x.md:1: "Reseller administrators cannot manage brands" — Reseller Admin holds **Brands: manage** (own brand) ${instead('Brands: manage')}`,
      `docs/x.md:2: "Reseller admins can’t retry requests" — Reseller Admin holds **Requests: retry** (own customers) ${instead('Requests: retry')}`,
      `docs/x.md:3: "reseller administrator may not create customers" — Reseller Admin holds **Customers: manage** (own customers) ${instead('Customers: manage')}`,
      `docs/x.md:4: "Customer administrators are not allowed to reset passwords" — Customer Admin holds **Users: reset password** (own customer) ${instead('Users: reset password')}`,
    ]);
  });

  it('checks each role of a list, and after "only" the roles left out too', () => {
    expect(
      check(
        'Provider, reseller and customer administrators can create Workspace items and lists.',
        'Only provider administrators can create brands.',
      ),
    ).toEqual([
      `docs/x.md:1: "Provider, reseller and customer administrators can create Workspace items and lists" — Customer Admin does not hold **Workspace: manage items** ${instead('Workspace: manage items')}`,
      `docs/x.md:2: "Only provider administrators can create brands" — Reseller Admin also holds **Brands: manage** (own brand) ${instead('Brands: manage')}`,
    ]);
  });

  it('reads table cells and links as sentences', () => {
    expect(
      check(
        '| Task | Who |',
        '|---|---|',
        '| Brands | [Customer administrators](./roles.md) can edit brands |',
      ),
    ).toEqual([
      `docs/x.md:3: "Customer administrators can edit brands" — Customer Admin does not hold **Brands: manage** ${instead('Brands: manage')}`,
    ]);
  });

  it('fails on a ::permission line whose action the model does not have, listing the permissions', () => {
    const problems = check('::permission{action="Workspace: manage itemz"}', '', '::permission');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^docs\/x\.md:1: ::permission\{action="Workspace: manage itemz"\} is not a permission of the product model \(docs\/product-model\.yml\): Customers: view, Customers: manage, .*, Workspace: assign items$/,
    );
    expect(problems[1]).toMatch(
      /^docs\/x\.md:3: ::permission needs action="…" naming a permission of the product model/,
    );
  });
});

describe('permissionProblems: what is not a finding', () => {
  it('passes true claims and a ::permission line the model has', () => {
    expect(
      check(
        '::permission{action="Workspace: manage items"}',
        'Service provider and reseller administrators can create items.',
        'Customer administrators cannot change their own customer plans.',
        'Customer administrators can open **Users** directly.',
        'As a customer administrator, you can create Workspace roles.',
        'Only service provider administrators can configure services.',
        'Customer administrators can assign customer items.',
      ),
    ).toEqual([]);
  });

  it('passes audience lines, sentences it cannot map, and denials narrower than the permission', () => {
    expect(
      check(
        'This page is for customer administrators who manage items and lists.',
        'Customer administrators who build lists in their own scope can use it too.',
        'Customer administrators can follow it too, for items in their own customer scope.',
        'Customer administrators can add items to their users.',
        'Customer administrators can add user plans.',
        'Customer administrators can create distribution lists.',
        'Customer administrators can open the Brands tab.',
        'Reseller administrators cannot see customers of other resellers.',
        '| Reseller admin cannot see a new customer | The customer is under another reseller |',
        'Users can create items.',
        // A permission this model does not have (Jobs: manage) is not checked.
        'Reseller administrators can edit jobs.',
        '```text',
        'Customer administrators can create items.',
        '```',
      ),
    ).toEqual([]);
  });
});
