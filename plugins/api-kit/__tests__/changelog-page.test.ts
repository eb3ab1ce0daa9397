/** The API changelog page and the change lines on cmdlet pages, from the changelog and the pending changes. */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiModel, DEFAULT_SPEC } from '@services-manager-docs/core/api';
import { buildReference } from '../../api-reference/cortex/reference';
import { cmdletPage } from '../../api-reference/cortex/page';
import { parseMention } from '../../api-mentions/operations';
import { infoPageId, operationPageId } from '../../api-reference/pageId';
import { loadApiChangelog, type ApiChange, type ApiChangelog } from '../changes';
import { changelogPage, cmdletChangeNotes, operationChangeNotes } from '../changelog-page';

const ROOT = path.resolve(__dirname, '../../..');
const model = await apiModel({ kind: 'file', location: path.join(ROOT, DEFAULT_SPEC) });
const current = await loadApiChangelog(model, ROOT);
const cortex = buildReference(model);
const cmdlet = (name: string) => cortex.cmdlets.find((candidate) => candidate.name === name)!;

const PENDING: ApiChange[] = [
  {
    operation: 'deleteCustomer',
    method: 'DELETE',
    path: '/customers/{customerId}',
    change: 'Removed operation DELETE /customers/{customerId}',
    breaking: true,
    part: 'operation',
  },
  {
    operation: 'listCustomers',
    method: 'GET',
    path: '/customers',
    change: 'Added required query parameter `region`',
    breaking: true,
    part: 'parameter',
  },
  {
    operation: 'removeWorkspaceIcon',
    method: 'DELETE',
    path: '/workspace/icons/{iconId}',
    change: 'Replaced type definition of `deletedAt` in Response 200 content (application/json)',
    breaking: true,
    part: 'response',
  },
];

/** The current changelog with a second release and changes pending since it. */
const fixture: ApiChangelog = {
  changelog: {
    releases: [
      {
        version: '1.1.0',
        date: '2027-01-04',
        note: 'Workspace lists can be renamed.',
        changes: [
          {
            operation: 'setWorkspaceList',
            change: 'Added optional query parameter `rename`',
            breaking: false,
            part: 'parameter',
          },
        ],
      },
      ...current.changelog.releases,
    ],
    unreleased: {
      note: 'Customers are removed in the portal only.',
      changes: [
        {
          operation: 'deleteCustomer',
          change: 'Removed operation DELETE /customers/{customerId}',
          note: 'Remove customers in the portal.',
        },
      ],
    },
  },
  pending: PENDING,
  operations: new Set(
    model.operations.map((operation) => operation.operationId).filter((id) => id !== 'deleteCustomer'),
  ),
};

afterEach(() => cmdletChangeNotes(current));

describe('the API changelog page', () => {
  it('lists each release with its date and note, and says when no operation changed', () => {
    const page = changelogPage({ ...current, pending: [] });
    expect(page).toMatch(/^---\nid: api-changelog\ntitle: API changelog\n/);
    for (const release of current.changelog.releases) {
      const anchor = `release-${release.version.replace(/\./g, '-')}`;
      expect(page).toContain(`## ${release.version} (${release.date}) {#${anchor}}\n\n${release.note}\n`);
    }
    expect(page).not.toContain('{#unreleased}');
    expect(page).toContain('No operation changed.');
    expect(page).toContain('[REST conventions](../rest.md#downloads)');
  });

  it('tells the version of the REST API apart from the release of the specification document', () => {
    const page = changelogPage({ ...current, pending: [] });
    const [latest] = current.changelog.releases;
    expect(model.version).toBeTruthy();
    expect(model.version).not.toBe(latest.version);
    expect(page).toContain(
      `Its \`info.version\`, **${model.version}**, is the version of the REST API it describes, as the [API overview](./services-manager-rest-api) shows. ` +
        'The releases on this page number the specification document as it is published with the documentation; they are not versions of the API. ' +
        `The latest release of the specification is **${latest.version}** of ${latest.date}.`,
    );
    // The overview is the page the reference generator writes for the specification's info block.
    expect(infoPageId(model.title)).toBe('services-manager-rest-api');
  });

  it('shows the changes since the last release by operation, breaking ones marked, with their notes', () => {
    const page = changelogPage(fixture);
    expect(page).toContain('## Changes since 1.1.0 {#unreleased}');
    expect(page).toContain('3 changes, 3 breaking.');
    expect(page).toContain('Customers are removed in the portal only.');
    expect(page).toContain(
      '| `deleteCustomer` (removed) | Removed operation DELETE /customers/{customerId} | **Breaking** | Remove customers in the portal. |',
    );
    expect(page).toContain(
      '| [`listCustomers`](./list-customers) | Added required query parameter `region` | **Breaking** | — |',
    );
    expect(page).toContain('## 1.1.0 (2027-01-04) {#release-1-1-0}\n\nWorkspace lists can be renamed.');
    expect(page).toContain(
      '| [`setWorkspaceList`](./set-workspace-list) | Added optional query parameter `rename` | No | — |',
    );
    // The build checks `METHOD /path` in code against the specification: a removed one is plain text.
    const mentions = [...page.matchAll(/`([^`]+)`/g)].map((match) => parseMention(match[1])).filter(Boolean);
    expect(mentions).toEqual([]);
    // Every linked operation page exists.
    const pages = new Set(model.operations.map((operation) => operationPageId(operation.operationId)));
    for (const [, id] of page.matchAll(/\]\(\.\/([a-z0-9-]+)\)/g)) expect(pages, id).toContain(id);
  });
});

describe('the cmdlet pages', () => {
  it('show where a release changed what their operations take, linking to the changelog', () => {
    const notes = cmdletChangeNotes(fixture);
    expect(notes.get('listCustomers')).toEqual([
      'Since release 1.1.0, `listCustomers` changed: Added required query parameter `region` (breaking). See the [API changelog](../reference/api-changelog#unreleased).',
    ]);
    expect(notes.get('setWorkspaceList')).toEqual([
      'In release 1.1.0, `setWorkspaceList` changed: Added optional query parameter `rename`. See the [API changelog](../reference/api-changelog#release-1-1-0).',
    ]);
    // A response change leaves the cmdlet's parameters as they are.
    expect(notes.has('removeWorkspaceIcon')).toBe(false);
    const page = cmdletPage(cmdlet('Get-SMCustomer'));
    const notesSection = page.slice(page.indexOf('## Notes {#notes}'), page.indexOf('## Related links'));
    expect(notesSection).toContain(notes.get('listCustomers')![0]);
  });

  it('show nothing while no release changed them', () => {
    cmdletChangeNotes({ ...current, pending: [] });
    expect(model.operations.flatMap((operation) => operationChangeNotes(operation.operationId))).toEqual([]);
    const plain = cortex.cmdlets.find((candidate) => !candidate.notes.length)!;
    expect(cmdletPage(plain)).toContain('## Notes {#notes}\n\nNone.\n');
  });
});
