import { describe, expect, it } from 'vitest';
import { selectSources } from '../retrieve';
import type { PlainUnit } from '../../content/model';

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

  it('keeps sections whole: the first with its units even when longer than the size, a later one left out', () => {
    const sources = selectSources(
      [
        { url: '/docs/rabbitmq#ports', hierarchy: ['Install', 'RabbitMQ'], text, units: [table, code] },
        { url: '/docs/other', hierarchy: ['Install', 'Other'], text, units: [table] },
      ],
      4,
      20,
    );
    expect(sources).toHaveLength(1);
    expect(sources[0].text).toBe(text);
    expect(sources[0].units).toEqual([table, code]);
  });
});
