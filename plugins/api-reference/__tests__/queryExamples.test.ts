/**
 * The `$filter` and `$orderby` examples of list operations fit the operation they are shown on: the
 * REST page's query rows and code samples, and the cmdlet page's `-Filter` and `-OrderBy` rows.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiModel } from '@services-manager-docs/core/api';
import { referencePages } from '../generate';
import { sampleRequest, type ApiItem } from '../markdown';
import { exampleQuery, filterableProperties, queryExamples, type QueryOperation } from '../queryExamples';
import { filterProperties, parseFilter, parseOrderBy, type FilterNode } from '../cortex/filter';
import { buildReference } from '../cortex/reference';
import { mergeAllOf, pageEntrySchema } from '../schema';

const ROOT = path.resolve(__dirname, '../../..');
const model = await apiModel({ kind: 'file', location: 'openapi/services-manager-v2.yaml' }, { cwd: ROOT });

/** A log list: entries with a level (an enumeration), a source, a request id and a timestamp. */
const entry = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    level: { type: 'string', enum: ['Information', 'Warning', 'Error'] },
    source: { type: 'string' },
    requestId: { type: 'string', format: 'uuid' },
    timestamp: { type: 'string', format: 'date-time' },
    message: { type: 'string' },
  },
};
const page = {
  type: 'object',
  properties: { items: { type: 'array', items: entry }, totalCount: { type: 'integer' } },
};
const query = ['$top', '$skip', '$filter', '$orderby'].map((name) => ({ name, in: 'query' as const }));
const listing = (description: string, items: Record<string, unknown>[]): QueryOperation & ApiItem => ({
  operationId: 'listLogEntries',
  method: 'get',
  path: '/log',
  description,
  servers: [{ url: 'https://portal.example.com/api/v2' }],
  parameters: query,
  responses: {
    '200': {
      description: 'A page.',
      content: { 'application/json': { schema: page, example: { items, totalCount: items.length } } },
    },
  },
});
const entries = [
  { id: 1, level: 'Warning', source: 'Api', timestamp: '2025-06-02T08:30:00Z' },
  { id: 2, level: 'Error', source: 'Api', timestamp: '2025-06-02T08:31:00Z' },
];

describe('query examples', () => {
  it('read the filterable properties of a description', () => {
    expect(
      filterableProperties(
        'Returns entries.\n\nFilterable properties: `level`, `target/type`. Example: `$filter=level eq 1`.',
      ),
    ).toEqual(['level', 'target/type']);
  });

  it('build a filter and an order from the filterable properties when the description gives none', () => {
    const operation = listing('Filterable properties: `source`, `level`, `requestId`, `timestamp`.', entries);
    // The enumeration first, with a value the example shows; the date, newest first.
    expect(queryExamples(operation)).toEqual({ filter: "level eq 'Warning'", orderBy: 'timestamp desc' });
  });

  it('keep the description’s example, and replace one that names a property the operation does not filter on', () => {
    expect(
      queryExamples(
        listing(
          "Filterable properties: `level`. Example: `$filter=level eq 'Error'&$orderby=level`.",
          entries,
        ),
      ),
    ).toEqual({ filter: "level eq 'Error'", orderBy: 'level' });
    expect(
      queryExamples(
        listing("Filterable properties: `level`. Example: `$filter=status eq 'Active'`.", entries),
      ),
    ).toEqual({ filter: "level eq 'Warning'", orderBy: 'level' });
    // An operation that does not say what it filters on gets no example.
    expect(queryExamples(listing('Returns entries.', entries))).toEqual({});
  });

  it('the samples send the description’s query only when the example answer is its result', () => {
    const filtered = listing(
      "Filterable properties: `level`. Example: `$filter=level eq 'Warning' or level eq 'Error'&$orderby=level`.",
      entries,
    );
    expect(exampleQuery(filtered)).toEqual({
      filter: "level eq 'Warning' or level eq 'Error'",
      orderBy: 'level',
    });
    expect(sampleRequest(filtered).url).toBe(
      'https://portal.example.com/api/v2/log?$filter=level%20eq%20%27Warning%27%20or%20level%20eq%20%27Error%27&$orderby=level',
    );
    // An entry the filter excludes: the example is an unfiltered list, and so is the call.
    const unfiltered = listing(
      "Filterable properties: `level`. Example: `$filter=level eq 'Error'`.",
      entries,
    );
    expect(exampleQuery(unfiltered)).toBeUndefined();
    expect(sampleRequest(unfiltered).url).toBe('https://portal.example.com/api/v2/log');
  });
});

/** The values a filter compares each property with. */
function compared(node: FilterNode): [string, unknown][] {
  if (node.kind === 'and' || node.kind === 'or') return node.parts.flatMap(compared);
  if (node.kind === 'not') return compared(node.part);
  return [[node.property, node.value]];
}

describe('every list page of the specification', () => {
  const lists = model.operations.filter((operation) =>
    operation.parameters.some((parameter) => parameter.name === '$filter'),
  );
  const rest = new Map(referencePages(model).map((item) => [item.item.api?.operationId, item.markdown]));
  const cortex = buildReference(model);
  const examples = (operationId: string) => {
    const markdown = rest.get(operationId) ?? '';
    const cmdlet = cortex.cmdlets.find((candidate) =>
      candidate.operations.some((operation) => operation.operationId === operationId),
    )!;
    const parameter = (name: string) =>
      cmdlet.sets.flatMap((set) => set.parameters).find((candidate) => candidate.name === name)
        ?.description ?? '';
    return {
      filters: [
        /^\| `\$filter` \|.*Example: `([^`]+)`/m.exec(markdown)?.[1],
        /for example `([^`]+)`/.exec(parameter('Filter'))?.[1],
      ],
      orders: [
        /^\| `\$orderby` \|.*Example: `([^`]+)`/m.exec(markdown)?.[1],
        /for example `([^`]+)`/.exec(parameter('OrderBy'))?.[1],
      ],
    };
  };

  it('shows $filter and -Filter examples on the operation’s filterable properties, with values they can have', () => {
    expect(lists.length).toBeGreaterThan(10);
    for (const operation of lists) {
      const filterable = filterableProperties(operation.description);
      const schema = pageEntrySchema(
        Object.values(operation.responses)[0]?.content?.['application/json']?.schema,
      );
      const { filters } = examples(operation.operationId);
      expect(filters[0], operation.operationId).toBeDefined();
      expect(filters[1], operation.operationId).toBe(filters[0]);
      const tree = parseFilter(filters[0]!);
      expect(tree, `${operation.operationId}: ${filters[0]}`).toBeDefined();
      for (const property of filterProperties(tree!))
        expect(filterable, `${operation.operationId}: ${filters[0]}`).toContain(property);
      for (const [property, value] of compared(tree!)) {
        const values = mergeAllOf(
          property.split('/').reduce((part, key) => mergeAllOf(part).properties![key], schema!),
        ).enum;
        if (values) expect(values, `${operation.operationId}: ${filters[0]}`).toContain(value);
      }
    }
  });

  it('shows $orderby and -OrderBy examples on properties the operation lists', () => {
    for (const operation of lists) {
      const filterable = filterableProperties(operation.description);
      const { orders } = examples(operation.operationId);
      expect(orders[1], operation.operationId).toBe(orders[0]);
      for (const { property } of parseOrderBy(orders[0] ?? ''))
        expect(filterable, `${operation.operationId}: ${orders[0]}`).toContain(property);
    }
  });
});

describe('every change operation of the specification', () => {
  const pages = referencePages(model);
  it('tells a reader after a 500 to read the resource before repeating the change, key or no key', () => {
    const changes = model.operations.filter((operation) => operation.method !== 'get');
    expect(changes.length).toBeGreaterThan(20);
    const missing = changes
      .map((operation) => {
        const markdown = pages.find((page) => page.item.api?.operationId === operation.operationId)?.markdown;
        const row = /^\| 500 Internal Server Error \|.*$/m.exec(markdown ?? '')?.[0] ?? '';
        return /read the resource first/.test(row) ? '' : `${operation.operationId}: ${row || 'no 500 row'}`;
      })
      .filter(Boolean);
    expect(missing).toEqual([]);
  });

  it('leaves that advice out of the pages of reads', () => {
    const reads = pages.filter((page) => page.item.api?.method === 'get');
    expect(reads.length).toBeGreaterThan(20);
    for (const page of reads)
      expect(/^\| 500 Internal Server Error \|.*$/m.exec(page.markdown)?.[0]).not.toMatch(
        /changes something/,
      );
  });
});
