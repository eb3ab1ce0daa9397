import { describe, expect, it } from 'vitest';
import { errorRows, withoutAbsent } from '../errors';

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
});
