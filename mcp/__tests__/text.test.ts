import { describe, expect, it } from 'vitest';
import { closest, slice, toSitePath } from '../text';

describe('slice', () => {
  const more = (next: number) => `ask for offset ${next}`;

  it('returns short text whole, without a note', () => {
    expect(slice('short', 0, more, 100)).toBe('short');
  });

  it('cuts long text at a line end and says where to continue', () => {
    const text = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const part = slice(text, 0, more, 100);
    const next = Number(/offset (\d+)/.exec(part)![1]);
    expect(text.slice(0, next).endsWith('\n')).toBe(true);
    expect(part).toContain(`Showing characters 0–${next} of ${text.length}`);
    expect(part.startsWith(text.slice(0, next))).toBe(true);
  });

  it('reads on from an offset to the end, and answers an offset past the end', () => {
    const text = 'a'.repeat(150);
    expect(slice(text, 100, more, 100)).toContain('(the end)');
    expect(slice(text, 100, more, 100).startsWith('a'.repeat(50) + '\n')).toBe(true);
    expect(slice(text, 500, more, 100)).toBe('Offset 500 is past the end: this text has 150 characters.');
  });

  it('covers the whole text in consecutive parts', () => {
    const text = Array.from({ length: 400 }, (_, i) => `${i} `.repeat(i % 7) + '\n').join('');
    let offset = 0;
    let joined = '';
    for (;;) {
      const part = slice(text, offset, more, 300);
      const next = /offset (\d+)/.exec(part);
      joined += part.replace(/\n\n---\n_Showing[\s\S]*$/, '');
      if (!next) break;
      offset = Number(next[1]);
    }
    expect(joined).toBe(text);
  });
});

describe('closest', () => {
  it('ranks containing and nearly equal names first, ignoring case', () => {
    expect(closest('get-smcustomr', ['Get-SMCustomer', 'New-SMInvoice', 'Get-SMRequest'], 1)).toEqual([
      'Get-SMCustomer',
    ]);
    expect(closest('Customer', ['getCustomer', 'listInvoices'], 2)[0]).toBe('getCustomer');
  });

  it('does not prefer a short candidate only because the wanted text contains it', () => {
    expect(closest('/docs/kb/kb0017', ['/docs', '/docs/kb/kb00017'], 1)).toEqual(['/docs/kb/kb00017']);
  });
});

describe('toSitePath', () => {
  it.each([
    ['https://docs.example.com/docs/kb/kb00017.md#cause', '/docs/kb/kb00017'],
    ['/docs/kb/kb00017/', '/docs/kb/kb00017'],
    ['docs/kb/kb00017.html', '/docs/kb/kb00017'],
    ['docs://docs/concepts/customers', '/docs/concepts/customers'],
    ['/docs/concepts/roles-%26-permissions', '/docs/concepts/roles-&-permissions'],
    ['/docs/services/workspace/kb/index', '/docs/services/workspace/kb/index'],
    ['/search?q=x', '/search'],
    ['', '/'],
    ['/docs/%E0%A4%A', '/docs/%E0%A4%A'],
  ])('%s → %s', (input, expected) => {
    expect(toSitePath(input)).toBe(expected);
  });
});
