/**
 * The breaking-change gate: the specification against its last release (openapi/released/), and
 * fixtures made from the released specification proving that each kind of breaking change is caught
 * and that a changelog entry acknowledges it.
 */
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { apiModel, DEFAULT_SPEC, toOpenApi3, type OpenApiDocument } from '@services-manager-docs/core/api';
import {
  apiChanges,
  changelogText,
  checkChangelog,
  checkMessage,
  parseChangelog,
  readChangelog,
  recordRelease,
  releasedDocument,
  RELEASED_SPEC,
  type ApiChange,
  type Changelog,
} from '../changes';

const ROOT = path.resolve(__dirname, '../../..');
const releasedText = fs.readFileSync(path.join(ROOT, RELEASED_SPEC), 'utf8');
const released = await releasedDocument(ROOT);
const changelog = readChangelog(ROOT);

type Spec = {
  paths: Record<
    string,
    Record<string, { parameters?: unknown[]; responses: Record<string, unknown> } & Record<string, unknown>>
  >;
  definitions: Record<string, { properties: Record<string, { enum?: string[] } & Record<string, unknown>> }>;
  parameters: Record<string, { required?: boolean }>;
};

/** The released specification with one change, in the OpenAPI 3 shape as the gate compares it. */
async function changed(edit: (spec: Spec) => void): Promise<OpenApiDocument> {
  const spec = yaml.load(releasedText) as Spec;
  edit(spec);
  return toOpenApi3(spec as unknown as Record<string, unknown>, 'fixture');
}

const withEntries = (entries: Changelog['unreleased']['changes']): Changelog => ({
  ...changelog,
  unreleased: { changes: entries },
});

const summary = (changes: ApiChange[]) =>
  changes.map((change) => `${change.breaking ? 'breaking' : 'safe'} ${change.operation}: ${change.change}`);

describe('the REST API specification against its last release', () => {
  it('has no breaking change that the changelog does not name, and no entry for a change it lacks', async () => {
    const current = await apiModel({ kind: 'file', location: path.join(ROOT, DEFAULT_SPEC) });
    const check = checkChangelog(apiChanges(released, current.document), changelog);
    expect(checkMessage(check, changelog.releases[0].version)).toBeUndefined();
  });

  it('finds no change between the released specification and itself', () => {
    expect(apiChanges(released, structuredClone(released))).toEqual([]);
  });
});

describe('each kind of breaking change fails the gate until the changelog names it', () => {
  const cases: [string, (spec: Spec) => void, Partial<ApiChange>][] = [
    [
      'a removed operation',
      (spec) => delete spec.paths['/customers/{customerId}'].delete,
      {
        operation: 'deleteCustomer',
        part: 'operation',
        change: 'Removed operation DELETE /customers/{customerId}',
      },
    ],
    [
      'a new required parameter',
      (spec) =>
        spec.paths['/customers'].get.parameters!.push({
          name: 'region',
          in: 'query',
          required: true,
          type: 'string',
        }),
      { operation: 'listCustomers', part: 'parameter', change: 'Added required query parameter `region`' },
    ],
    [
      'an optional parameter made required',
      (spec) => (spec.parameters.top.required = true),
      { operation: 'listCustomers', part: 'parameter', change: 'Query parameter `$top` is now required' },
    ],
    [
      'a narrowed enum',
      (spec) => spec.definitions.BillingRuleCreate.properties.service.enum!.pop(),
      {
        operation: 'createBillingRule',
        part: 'request',
        change: 'Replaced possible values of `service` in Request Body content (application/json)',
      },
    ],
    [
      'a changed response type',
      (spec) => (spec.definitions.DeletedResource.properties.deletedAt = { type: 'integer' }),
      {
        operation: 'removeWorkspaceIcon',
        part: 'response',
        change: 'Replaced type definition of `deletedAt` in Response 200 content (application/json)',
      },
    ],
    [
      'a response body that became another type',
      (spec) =>
        (spec.paths['/billing/runs'].get.responses['200'] = {
          description: 'The runs.',
          schema: { type: 'array', items: { $ref: '#/definitions/BillingRun' } },
        }),
      {
        operation: 'listBillingRuns',
        part: 'response',
        change: 'Replaced type definition in Response 200 content (application/json)',
      },
    ],
  ];

  it.each(cases)('%s', async (_kind, edit, expected) => {
    const changes = apiChanges(released, await changed(edit));
    const change = changes.find(
      (candidate) => candidate.operation === expected.operation && candidate.change === expected.change,
    );
    expect(change, summary(changes).join('\n')).toMatchObject({ ...expected, breaking: true });
    const failing = checkChangelog(changes, withEntries([]));
    expect(failing.unacknowledged).toContainEqual(change);
    const message = checkMessage(failing, '1.0.1')!;
    expect(message).toContain(
      `breaking change(s) since release 1.0.1 have no entry in openapi/released/changelog.yml`,
    );
    expect(message).toContain(`- operation: ${change!.operation}\n  change: ${change!.change}`);
    // Acknowledged, with a note for integrations, the gate passes.
    const entries = changes
      .filter((candidate) => candidate.breaking)
      .map(({ operation, change: text }) => ({ operation, change: text, note: 'Update the client.' }));
    expect(checkMessage(checkChangelog(changes, withEntries(entries)), '1.0.1')).toBeUndefined();
  });

  it('lets additions through without an entry: a new operation, an optional parameter', async () => {
    const changes = apiChanges(
      released,
      await changed((spec) => {
        spec.paths['/customers'].get.parameters!.push({ name: 'region', in: 'query', type: 'string' });
        spec.paths['/customers/{customerId}/copy'] = {
          post: {
            operationId: 'copyCustomer',
            summary: 'Copy a customer',
            responses: { '200': { description: 'Done.' } },
          },
        };
      }),
    );
    expect(summary(changes)).toEqual([
      'safe listCustomers: Added optional query parameter `region`',
      'safe copyCustomer: Added operation POST /customers/{customerId}/copy',
    ]);
    expect(checkChangelog(changes, withEntries([])).unacknowledged).toEqual([]);
  });

  it('ignores documentation: descriptions, summaries and examples', async () => {
    const changes = apiChanges(
      released,
      await changed((spec) => {
        const operation = spec.paths['/customers'].get as Record<string, unknown>;
        operation.summary = 'List every customer';
        operation.description = 'Another description.';
        spec.definitions.Customer.properties.name.example = 'Adatum Corporation';
        (spec as unknown as { tags: { description?: string }[] }).tags[0].description =
          'Another tag description.';
        (spec as unknown as { info: { description?: string } }).info.description = 'Another API description.';
      }),
    );
    expect(changes).toEqual([]);
  });

  it('fails on an entry that names a change the specification does not have', () => {
    const check = checkChangelog(
      [],
      withEntries([{ operation: 'listCustomers', change: 'Removed nothing' }]),
    );
    expect(checkMessage(check, '1.0.1')).toContain('- listCustomers: Removed nothing');
  });
});

describe('the changelog file', () => {
  it('records each release with a date and a note, the released specification first', () => {
    expect(changelog.releases[0]).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
    for (const release of changelog.releases) {
      expect(release.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(release.note.length).toBeGreaterThan(20);
    }
  });

  it('fails naming the file and the release when a release lacks its date or note', () => {
    expect(() => parseChangelog('releases:\n  - version: 1.0.2\n    note: Something.\n')).toThrow(
      'openapi/released/changelog.yml: 1.0.2: "date" must be YYYY-MM-DD',
    );
    expect(() => parseChangelog("releases:\n  - version: 1.0.2\n    date: '2027-01-04'\n")).toThrow(
      '1.0.2: needs a "note"',
    );
    expect(() => parseChangelog('unreleased: {}\n')).toThrow('expected a "releases" list');
  });

  it('becomes the next release: the pending changes with their notes, unreleased emptied', async () => {
    const pending = apiChanges(
      released,
      await changed((spec) => delete spec.paths['/customers/{customerId}'].delete),
    );
    const before = withEntries([
      {
        operation: 'deleteCustomer',
        change: 'Removed operation DELETE /customers/{customerId}',
        note: 'Remove customers in the portal.',
      },
    ]);
    before.unreleased.note = 'Customers are removed in the portal only.';
    const next = recordRelease({ changelog: before, pending }, '1.1.0', '2027-01-04');
    expect(next.releases[0]).toEqual({
      version: '1.1.0',
      date: '2027-01-04',
      note: 'Customers are removed in the portal only.',
      changes: [
        {
          operation: 'deleteCustomer',
          change: 'Removed operation DELETE /customers/{customerId}',
          breaking: true,
          part: 'operation',
          note: 'Remove customers in the portal.',
        },
      ],
    });
    expect(next.releases.slice(1)).toEqual(changelog.releases);
    expect(next.unreleased.changes).toEqual([]);
    // Written and read back, it is the same changelog.
    expect(parseChangelog(changelogText(next))).toEqual(next);
    expect(() => recordRelease({ changelog: next, pending: [] }, '1.1.0', '2027-01-05', 'Again.')).toThrow(
      'release 1.1.0 is recorded already',
    );
  });
});
