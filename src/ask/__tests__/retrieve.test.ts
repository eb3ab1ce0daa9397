import { describe, expect, it } from 'vitest';
import { selectSources } from '../retrieve';
import type { PlainUnit } from '../../../plugins/content-model/model';

const table: PlainUnit = { type: 'table', header: ['Port', 'Use'], rows: [['5672', 'AMQP']] };
const code: PlainUnit = {
  type: 'code',
  language: 'bash',
  code: 'rabbitmqctl status\nrabbitmqctl list_users',
};
const text = '| Port | Use |\n| 5672 | AMQP |\n```bash\nrabbitmqctl status\nrabbitmqctl list_users\n```';

describe('selectSources', () => {
  it('passes a section’s units (a table as a table, code whole) to the answer', () => {
    const [source] = selectSources([
      {
        url: '/docs/rabbitmq#ports',
        hierarchy: ['Install', 'RabbitMQ', 'Ports'],
        text,
        units: [table, code],
      },
    ]);
    expect(source.units).toEqual([table, code]);
    expect(source.text).toBe(text);
  });

  it('leaves the units out of a section cut to fit the size of the sources', () => {
    const [source] = selectSources(
      [{ url: '/docs/rabbitmq#ports', hierarchy: ['Install', 'RabbitMQ'], text, units: [table, code] }],
      4,
      20,
    );
    expect(source.text).toBe(text.slice(0, 20));
    expect(source.units).toBeUndefined();
  });
});
