import { describe, expect, it } from 'vitest';
import { applyQuery, filterProperties, parseFilter, satisfies } from '../filter';

const request = { status: 'Failed', createdAt: '2025-06-01T22:05:10Z', target: { type: 'CustomerItem' } };

describe('$filter', () => {
  it('reads the API’s syntax: comparisons, functions, and, or, not, brackets', () => {
    expect(parseFilter("status eq 'Failed' and createdAt ge 2025-06-01T00:00:00Z")).toEqual({
      kind: 'and',
      parts: [
        { kind: 'compare', property: 'status', op: 'eq', value: 'Failed' },
        { kind: 'compare', property: 'createdAt', op: 'ge', value: '2025-06-01T00:00:00Z' },
      ],
    });
    expect(parseFilter("level eq 'Error' or level eq 'Warning'")?.kind).toBe('or');
    expect(parseFilter("not (startswith(name,'Con') or contains(name,'O''Brien'))")).toEqual({
      kind: 'not',
      part: {
        kind: 'or',
        parts: [
          { kind: 'function', property: 'name', fn: 'startswith', value: 'Con' },
          { kind: 'function', property: 'name', fn: 'contains', value: "O'Brien" },
        ],
      },
    });
    expect(parseFilter('itemCount eq 0 and published eq true')).toEqual({
      kind: 'and',
      parts: [
        { kind: 'compare', property: 'itemCount', op: 'eq', value: 0 },
        { kind: 'compare', property: 'published', op: 'eq', value: true },
      ],
    });
    for (const broken of ["status eq 'Failed", 'status is Failed', "(status eq 'Failed'", 'status eq'])
      expect(parseFilter(broken)).toBeUndefined();
  });

  it('tells whether an entry satisfies it, and does not guess about a property the entry lacks', () => {
    const filter = parseFilter("status eq 'Failed' and createdAt ge 2025-06-01T00:00:00Z")!;
    expect(satisfies(request, filter)).toBe(true);
    expect(satisfies({ ...request, status: 'InProgress' }, filter)).toBe(false);
    expect(satisfies({ ...request, createdAt: '2025-05-31T23:59:59Z' }, filter)).toBe(false);
    expect(satisfies({ status: 'Failed' }, filter)).toBeUndefined();
    expect(satisfies(request, parseFilter("target/type eq 'CustomerItem'")!)).toBe(true);
    expect(satisfies({ level: 'Information' }, parseFilter("level eq 'Error' or level eq 'Warning'")!)).toBe(
      false,
    );
    expect(filterProperties(filter)).toEqual(['status', 'createdAt']);
  });

  it('keeps the entries a call returns, sorted by $orderby', () => {
    const entries = [
      { name: 'Contoso Ltd', status: 'Active' },
      { name: 'Adatum Corporation', status: 'Active' },
      { name: 'Contoso Pharma', status: 'Suspended' },
    ];
    expect(applyQuery(entries, parseFilter("status eq 'Active'"), 'name').map((entry) => entry.name)).toEqual(
      ['Adatum Corporation', 'Contoso Ltd'],
    );
    expect(applyQuery(entries, undefined, 'status desc,name').map((entry) => entry.name)).toEqual([
      'Contoso Pharma',
      'Adatum Corporation',
      'Contoso Ltd',
    ]);
  });
});
