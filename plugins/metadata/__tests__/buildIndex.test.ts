import { describe, expect, it } from 'vitest';
import { buildTagIndex, keywordsFor, type DocEntry } from '../buildIndex';

const doc = (id: string, tags: string[], extra: Partial<DocEntry> = {}): DocEntry => ({
  id,
  permalink: `/docs/${id}`,
  title: id.toUpperCase(),
  description: `About ${id}`,
  tags: tags.map((label) => ({ label, permalink: `/docs/tags/${label.toLowerCase()}` })),
  ...extra,
});

describe('buildTagIndex', () => {
  it('lists docs with their tags and each tag with its docs, sorted', () => {
    const index = buildTagIndex([doc('kb/b', ['KB', 'Billing']), doc('concepts/a', ['Billing'])]);
    expect(index.docs.map((entry) => entry.id)).toEqual(['concepts/a', 'kb/b']);
    expect(index.docs[1]).toEqual({
      id: 'kb/b',
      path: '/docs/kb/b',
      title: 'KB/B',
      description: 'About kb/b',
      tags: ['KB', 'Billing'],
    });
    expect(Object.keys(index.tags)).toEqual(['Billing', 'KB']);
    expect(index.tags.Billing).toEqual({
      label: 'Billing',
      path: '/docs/tags/billing',
      docs: ['concepts/a', 'kb/b'],
    });
  });

  it('leaves unlisted docs out', () => {
    const index = buildTagIndex([doc('draft', ['KB'], { unlisted: true })]);
    expect(index).toEqual({ docs: [], tags: {} });
  });
});

describe('keywordsFor', () => {
  it('puts front-matter keywords first and drops repeats', () => {
    expect(keywordsFor(['billing', 'invoice'], ['Billing', 'billing', 'KB'])).toBe(
      'billing, invoice, Billing, KB',
    );
  });

  it('is empty without keywords or tags', () => {
    expect(keywordsFor(undefined, [])).toBe('');
  });
});
