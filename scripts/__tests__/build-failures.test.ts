import { afterAll, describe, expect, it } from 'vitest';
import { buildFixture, page, removeFixtures } from '../build-fixture';

/**
 * Our own build checks, in a real build: the guides' remark plugin that checks operation mentions
 * (plugins/api-mentions) stops the build naming the file. Docusaurus's own checks (tags, links, front
 * matter) are in smoke/build-failures.test.ts, outside the gate.
 */
afterAll(removeFixtures);

describe('the build fails with a message a writer can act on', () => {
  it('for an operation the specification does not have, naming the file, the line and the nearest one', () => {
    const { status, output } = buildFixture('unknown-operation', {
      'intro.md': page('List them with `GET /api/v2/customers/{customerId}/user`.'),
    });
    expect(status).not.toBe(0);
    expect(output).toContain(
      'docs/intro.md:6: `GET /api/v2/customers/{customerId}/user` is not an operation of the REST API v2 specification',
    );
    expect(output).toContain('The nearest operation is `GET /customers/{customerId}/users` (listUsers).');
  });
});
