import { describe, expect, it } from 'vitest';
import remarkLifecycle from '..';
import { apiSpecSource } from '@services-manager-docs/core/api';

type Node = { type: string; name?: string; value?: string; url?: string; children?: Node[] };
const directive = (schema: string) => ({
  type: 'leafDirective',
  name: 'lifecycle',
  attributes: { schema },
  position: { start: { line: 12 } },
});
const plain = (node: Node): string =>
  node.type === 'inlineCode'
    ? `\`${node.value}\``
    : node.type === 'link'
      ? `[${(node.children ?? []).map(plain).join('')}](${node.url})`
      : node.type === 'break'
        ? ' / '
        : (node.value ?? (node.children ?? []).map(plain).join(''));

async function transformed(schema: string): Promise<Node[]> {
  const tree = { type: 'root', children: [{ type: 'paragraph', children: [] }, directive(schema)] };
  await remarkLifecycle({ spec: apiSpecSource() })(tree as never, { path: 'docs/concepts/page.md' });
  return tree.children.slice(1) as Node[];
}

describe('remarkLifecycle', () => {
  it('replaces ::lifecycle with the diagram, how one starts and a table of states from the specification', async () => {
    const [figure, intro, table] = await transformed('Request');
    expect(figure.name).toBe('figure');
    expect(plain(intro)).toBe(
      'A request starts in `Queued` when a change is made through the portal, the API or Cortex.',
    );
    const rows = (table.children ?? []).map((row) => (row.children ?? []).map(plain));
    expect(rows[0]).toEqual(['State', 'Meaning', 'What you can do', 'What moves it on']);
    expect(rows.map((row) => row[0]).slice(1)).toEqual([
      '`Queued`',
      '`InProgress`',
      '`WaitingForChildren`',
      '`Completed`',
      '`Failed`',
      '`Cancelled`',
    ]);
    const [retry, cancel] = [
      '[Retry a request](/docs/developer/api/reference/retry-request)',
      '[Cancel a request](/docs/developer/api/reference/cancel-request)',
    ];
    const failed = rows[5];
    // Reads, allowed in every state, are left out.
    expect(failed[2]).toBe(`${retry} / ${cancel}`);
    expect(failed[3]).toBe(`to \`Queued\`: ${retry} / to \`Cancelled\`: ${cancel}`);
    // Retry is allowed only in Failed, cancel not in InProgress.
    expect(rows[2][2]).toBe('—');
    expect(rows[2][3]).toContain('to `WaitingForChildren` when it has created child requests');
  });

  it('names the states no operation or event reaches, and conditions of operations', async () => {
    const [, intro, table] = await transformed('CustomerPlan');
    expect(plain(intro)).toBe(
      'A customer plan starts in `Pending`: [Add a customer plan](/docs/developer/api/reference/add-customer-plan). No operation or event in the API specification moves a customer plan to `Suspended` or `Cancelled`.',
    );
    const active = (table.children ?? [])[2].children!.map(plain);
    expect(active[2]).toBe(
      '[Assign a user plan](/docs/developer/api/reference/assign-user-plan) when it has a free licence or seat (`assignedCount` is below `quantity`)',
    );
  });

  it('says how each of several initial states is reached', async () => {
    const [, intro] = await transformed('Invoice');
    expect(plain(intro)).toBe(
      'An invoice starts in `Draft` when a dry run calculates the invoice; or in `Final` when a billing run completes.',
    );
  });

  it('fails with the file and line on a schema without a lifecycle', async () => {
    await expect(transformed('CustomerUpdate')).rejects.toThrow(
      /^docs\/concepts\/page.md:12: ::lifecycle needs schema="…" naming a schema with a lifecycle \(Customer, .*\), not "CustomerUpdate"$/,
    );
  });
});
