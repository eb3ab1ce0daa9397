import { describe, expect, it } from 'vitest';
import { errorRows, withoutAbsent, withoutCauses } from '../errors';

const ERROR = {
  type: 'object',
  properties: {
    code: {
      type: 'string',
      description:
        'HTTP errors use `ValidationFailed`, `InvalidFilter`, `InvalidPaging`, `InvalidState`, `DuplicateName`, `IdempotencyKeyReused` and `InternalError`.',
    },
  },
};
const response = (description: string, code?: string) => ({
  description,
  content: { 'application/json': { schema: ERROR, ...(code ? { example: { code } } : {}) } },
});
const responses = {
  '200': { description: 'OK.' },
  '400': response('The request is not valid, or an unknown property in `$filter`.', 'ValidationFailed'),
  '409': response(
    'A conflict: `InvalidState` (for example a retry), `DuplicateName`, or `IdempotencyKeyReused`.',
    'InvalidState',
  ),
  '500': response(
    'An unexpected error. Repeat the call later with the same `Idempotency-Key`; if it persists, contact support.',
    'InternalError',
  ),
};
const key = {
  name: 'Idempotency-Key',
  in: 'header',
  description: 'The same key with another body returns 409 `IdempotencyKeyReused`.',
};

describe('error tables', () => {
  it('list the codes of the example, the description, the parameters and the query options', () => {
    const rows = errorRows({
      description: 'Names must be unique (409 `DuplicateName`).',
      parameters: [key, { name: '$filter', in: 'query' }, { name: '$top', in: 'query' }],
      responses,
    });
    expect(rows.map((row) => [row.status, row.codes])).toEqual([
      ['400', ['ValidationFailed', 'InvalidFilter', 'InvalidPaging']],
      ['409', ['InvalidState', 'DuplicateName', 'IdempotencyKeyReused']],
      ['500', ['InternalError']],
    ]);
    expect(rows[2].description).toContain('with the same `Idempotency-Key`');
  });

  it('name no Idempotency-Key, and no code it causes, for an operation that takes none', () => {
    const rows = errorRows({ responses });
    expect(rows.map((row) => [row.status, row.codes])).toEqual([
      ['400', ['ValidationFailed']],
      ['409', ['InvalidState', 'DuplicateName']],
      ['500', ['InternalError']],
    ]);
    expect(rows[1].description).toBe('A conflict: `InvalidState` (for example a retry) or `DuplicateName`.');
    expect(rows[2].description).toBe(
      'An unexpected error. Repeat the call later; if it persists, contact support.',
    );
  });

  it('take a code out of an enumeration, whatever its place', () => {
    expect(withoutAbsent('`A`, `B`, or `C`.', [], ['C'])).toBe('`A` or `B`.');
    expect(withoutAbsent('`A`, `C`, or `B`.', [], ['C'])).toBe('`A` or `B`.');
    expect(withoutAbsent('Codes: `A`, `B`, `D`, or `C`.', [], ['C'])).toBe('Codes: `A`, `B`, or `D`.');
    expect(withoutAbsent('Send `Idempotency-Key` to retry safely. Then wait.', ['Idempotency-Key'], [])).toBe(
      'Then wait.',
    );
  });

  it('give the causes of a 400 the operation can have: no `$filter` or paging without them, no body without one', () => {
    const badRequest = response(
      'The request is not valid: a malformed body, a failed validation, an unknown property in `$filter`, or paging values out of range. `details` lists each problem.',
      'ValidationFailed',
    );
    const when = (operation: Parameters<typeof errorRows>[0]) =>
      errorRows({ ...operation, responses: { '400': badRequest } })[0].description;
    // A list takes the query options, and no body.
    expect(
      when({
        parameters: ['$top', '$skip', '$filter', '$orderby'].map((name) => ({ name, in: 'query' })),
      }),
    ).toBe(
      'The request is not valid: a failed validation, an unknown property in `$filter`, or paging values out of range. `details` lists each problem.',
    );
    // All of them.
    expect(
      when({ requestBody: {}, parameters: ['$top', '$filter'].map((name) => ({ name, in: 'query' })) }),
    ).toBe(badRequest.description);
    // A change with a body and no query options (createCustomer).
    expect(when({ requestBody: { content: {} }, parameters: [key] })).toBe(
      'The request is not valid: a malformed body or a failed validation. `details` lists each problem.',
    );
    // A read with neither (getRequestHierarchy).
    expect(when({ parameters: [{ name: 'depth', in: 'query' }] })).toBe(
      'The request is not valid: a failed validation. `details` lists each problem.',
    );
    // A list that filters but does not page.
    expect(when({ parameters: [{ name: '$filter', in: 'query' }] })).toBe(
      'The request is not valid: a failed validation or an unknown property in `$filter`. `details` lists each problem.',
    );
    expect(withoutCauses('Not valid: a body.', [/body/])).toBe('Not valid: a body.');
  });
});
