import { describe, expect, it } from 'vitest';
import { highlightRanges, makeSnippet, normalizeQuery, splitHighlights, tokenize } from '../text';
import { unitsText, type PlainUnit } from '../../content/model';

describe('normalizeQuery', () => {
  it.each([
    ['KB 17', 'kb00017'],
    ['kb17', 'kb00017'],
    ['kb-0017', 'kb00017'],
    ['KB00017', 'kb00017'],
    ['see kb #5 please', 'see kb00005 please'],
  ])('turns %s into the article number', (query, expected) => {
    expect(normalizeQuery(query)).toBe(expected);
  });

  it('caps the length and collapses white space', () => {
    expect(normalizeQuery(`  a   b  ${'x'.repeat(500)}`, 10)).toBe('a b x');
  });
});

describe('tokenize', () => {
  it('keeps letters and digits of any script, lowercased', () => {
    expect(tokenize('Get-SMWorkspaceItem שלום 🚀 $top')).toEqual(['get', 'smworkspaceitem', 'שלום', 'top']);
  });
});

describe('highlights', () => {
  it('marks whole words that start with a matched term', () => {
    expect(highlightRanges('Billing runs and rebilling', ['bill', 'run'])).toEqual([
      [0, 7],
      [8, 12],
    ]);
  });

  it('cuts a snippet around the first match and moves the ranges with it', () => {
    const text = `${'lorem '.repeat(60)}the billing run starts ${'tail '.repeat(60)}`;
    const { snippet, highlights } = makeSnippet(text, ['billing'], 80);
    expect(snippet.startsWith('… ')).toBe(true);
    expect(snippet.endsWith(' …')).toBe(true);
    const [from, to] = highlights[0];
    expect(snippet.slice(from, to)).toBe('billing');
  });

  it('splits text into plain and marked parts without ever producing markup', () => {
    expect(splitHighlights('<b>bold</b>', [[3, 7]])).toEqual([
      { text: '<b>', mark: false },
      { text: 'bold', mark: true },
      { text: '</b>', mark: false },
    ]);
  });

  it('ignores overlapping or empty ranges', () => {
    expect(
      splitHighlights('abcdef', [
        [0, 3],
        [2, 4],
        [5, 5],
      ]),
    ).toEqual([
      { text: 'abc', mark: true },
      { text: 'def', mark: false },
    ]);
  });
});

describe('a section’s text', () => {
  it('is the words of its units on one line, as snippets quote them: no list markers, pipes or fences', () => {
    const units: PlainUnit[] = [
      { type: 'paragraph', text: 'Set the port:' },
      {
        type: 'list',
        ordered: true,
        start: 1,
        items: [
          {
            checked: null,
            units: [
              { type: 'paragraph', text: 'Open Settings.' },
              {
                type: 'list',
                ordered: false,
                start: 1,
                items: [{ checked: null, units: [{ type: 'paragraph', text: 'nested' }] }],
              },
            ],
          },
        ],
      },
      { type: 'table', header: ['Port', '5671'], rows: [] },
      { type: 'code', language: 'powershell', code: 'Get-SMUser |\n  Select-Object Name' },
      // Words the page itself writes are kept, even where they look like Markdown.
      { type: 'paragraph', text: '1. Find the queue.' },
    ];
    const text = unitsText(units);
    expect(text).toBe(
      'Set the port: Open Settings. nested Port 5671 Get-SMUser | Select-Object Name 1. Find the queue.',
    );
    expect(makeSnippet(text, ['port']).snippet).toBe(text);
  });
});
