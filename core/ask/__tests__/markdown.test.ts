import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from '../markdown';

const texts = (value: unknown): string => JSON.stringify(value);

describe('safeHref', () => {
  it('keeps site paths, fragments and http(s) addresses', () => {
    expect(safeHref('/docs/billing/invoices')).toBe('/docs/billing/invoices');
    expect(safeHref('#steps')).toBe('#steps');
    expect(safeHref('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(safeHref('http://example.com')).toBe('http://example.com/');
  });

  it('refuses scripts, data, other schemes and protocol-relative addresses', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/x',
      '/\\evil.example/x',
      'relative/path',
      '',
    ])
      expect(safeHref(href), href).toBeUndefined();
  });
});

describe('parseMarkdown', () => {
  it('reads paragraphs, headings, lists and fenced code', () => {
    const blocks = parseMarkdown(
      '## Steps\n\nOpen **Billing** and choose *Invoices* [1].\nThen save.\n\n1. First `step`\n2. Second\n\n- a\n- b\n\n```powershell\nGet-Item x\n```',
    );
    expect(blocks.map((block) => block.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'code']);
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', text: 'Open ' },
        { type: 'strong', children: [{ type: 'text', text: 'Billing' }] },
        { type: 'text', text: ' and choose ' },
        { type: 'em', children: [{ type: 'text', text: 'Invoices' }] },
        { type: 'text', text: ' ' },
        { type: 'cite', n: 1 },
        { type: 'text', text: '. Then save.' },
      ],
    });
    expect(blocks[2]).toMatchObject({ type: 'list', ordered: true, start: 1 });
    expect(blocks[4]).toEqual({ type: 'code', language: 'powershell', code: 'Get-Item x' });
  });

  it('keeps a list together across blank lines and runs an unclosed fence to the end', () => {
    const blocks = parseMarkdown('1. one\n\n2. two\n\n```js\nlet a = 1;');
    expect(blocks[0]).toMatchObject({ type: 'list', items: [[{ text: 'one' }], [{ text: 'two' }]] });
    expect(blocks[1]).toEqual({ type: 'code', language: 'js', code: 'let a = 1;' });
  });

  it('turns HTML and script tags into plain text, never elements', () => {
    const blocks = parseMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> <b>bold</b>');
    expect(blocks).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script>' }] },
      { type: 'paragraph', children: [{ type: 'text', text: '<img src=x onerror=alert(1)> <b>bold</b>' }] },
    ]);
  });

  it('drops unsafe link targets but keeps their words', () => {
    expect(parseInline('[click](javascript:alert(1)) and [docs](/docs/billing)')).toEqual([
      { type: 'text', text: 'click and ' },
      { type: 'link', href: '/docs/billing', children: [{ type: 'text', text: 'docs' }] },
    ]);
    expect(texts(parseInline('[x](data:text/html;base64,PHNjcmlwdD4=)'))).not.toContain('data:');
  });

  it('reads citations next to links and keeps code spans literal', () => {
    expect(parseInline('See [2] and `<b>[3]</b>`')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'cite', n: 2 },
      { type: 'text', text: ' and ' },
      { type: 'code', text: '<b>[3]</b>' },
    ]);
  });
});

describe('escapes', () => {
  it('keeps punctuation after a backslash as text, and a paragraph that starts like a list item a paragraph', () => {
    expect(parseMarkdown('1\\. Find the queue [1]')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: '1. Find the queue ' },
          { type: 'cite', n: 1 },
        ],
      },
    ]);
    expect(parseInline('\\*not bold\\* and \\\\fs01\\share')).toEqual([
      { type: 'text', text: '*not bold* and \\\\fs01\\share' },
    ]);
  });
});

describe('tables and nested blocks', () => {
  it('reads a table, and the code and sub-list under a numbered step', () => {
    const blocks = parseMarkdown(
      [
        '| Job | Schedule |',
        '| --- | --- |',
        '| NightlySync | Daily at 01:00 [1] |',
        '',
        '1. Run this:',
        '   ```powershell',
        '   Get-Service',
        '   ```',
        '   - a note',
        '2. Done.',
      ].join('\n'),
    );
    expect(blocks.map((block) => block.type)).toEqual(['table', 'list']);
    expect(blocks[0]).toMatchObject({ header: [[{ text: 'Job' }], [{ text: 'Schedule' }]] });
    const list = blocks[1];
    if (list.type !== 'list') throw new Error('no list');
    expect(list.items).toHaveLength(2);
    expect(list.nested[0]).toEqual([
      { type: 'code', language: 'powershell', code: 'Get-Service' },
      { type: 'list', ordered: false, start: 1, items: [[{ type: 'text', text: 'a note' }]], nested: [[]] },
    ]);
  });
});
