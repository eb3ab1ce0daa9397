import { describe, expect, it } from 'vitest';
import type { SearchHit, SearchResponse } from '@services-manager-docs/core/search/types';
import {
  groupBySection,
  resultsKeyAction,
  resultsStatus,
  screenFor,
  trappedFocusIndex,
  wrapIndex,
} from '../utils';

const hit = (id: string, hierarchy: string[]): SearchHit => ({
  id,
  url: `/docs/${id}`,
  hierarchy,
  snippet: '',
  highlights: [],
  titleHighlights: [],
});

const key = (name: string, modifiers: { shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean } = {}) => ({
  key: name,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...modifiers,
});

describe('groupBySection', () => {
  it('groups by the first hierarchy entry, in the order of each group’s best hit', () => {
    const hits = [
      hit('a', ['Billing', 'Runs']),
      hit('b', ['Exchange', 'Mailboxes']),
      hit('c', ['Billing', 'Rules']),
      hit('d', []),
    ];
    expect(groupBySection(hits).map(([section, items]) => [section, items.map((item) => item.id)])).toEqual([
      ['Billing', ['a', 'c']],
      ['Exchange', ['b']],
      ['Documentation', ['d']],
    ]);
  });
});

describe('wrapIndex', () => {
  it('steps forward and back, wrapping at both ends', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(0, -1, 1)).toBe(0);
  });
});

describe('resultsKeyAction', () => {
  const results = { inSearchBox: true, count: 3, active: 0, canAsk: true };

  it('moves through the results with the arrow keys, wrapping, from anywhere in the dialog', () => {
    expect(resultsKeyAction(key('ArrowDown'), results)).toEqual({ kind: 'move', index: 1 });
    expect(resultsKeyAction(key('ArrowUp'), results)).toEqual({ kind: 'move', index: 2 });
    expect(resultsKeyAction(key('ArrowDown'), { ...results, inSearchBox: false, active: 2 })).toEqual({
      kind: 'move',
      index: 0,
    });
  });

  it('leaves the arrow keys alone when no results are shown (start screen, AI mode)', () => {
    expect(resultsKeyAction(key('ArrowDown'), { ...results, count: 0 })).toBeUndefined();
  });

  it('opens the active result with Enter in the search box, in a new tab with Ctrl or ⌘', () => {
    expect(resultsKeyAction(key('Enter'), { ...results, active: 1 })).toEqual({
      kind: 'open',
      index: 1,
      newTab: false,
    });
    expect(resultsKeyAction(key('Enter', { ctrlKey: true }), results)).toMatchObject({ newTab: true });
    expect(resultsKeyAction(key('Enter', { metaKey: true }), results)).toMatchObject({ newTab: true });
    expect(resultsKeyAction(key('Enter'), { ...results, inSearchBox: false })).toBeUndefined();
    expect(resultsKeyAction(key('Enter'), { ...results, count: 0 })).toBeUndefined();
  });

  it('sends Tab from the search box to the Ask AI entry, and leaves every other Tab to the focus trap', () => {
    expect(resultsKeyAction(key('Tab'), results)).toEqual({ kind: 'ask' });
    expect(resultsKeyAction(key('Tab', { shiftKey: true }), results)).toBeUndefined();
    expect(resultsKeyAction(key('Tab'), { ...results, canAsk: false })).toBeUndefined();
    expect(resultsKeyAction(key('Tab'), { ...results, inSearchBox: false })).toBeUndefined();
  });

  it('ignores Escape and other keys (Escape has its own single handler)', () => {
    expect(resultsKeyAction(key('Escape'), results)).toBeUndefined();
    expect(resultsKeyAction(key('a'), results)).toBeUndefined();
  });
});

describe('trappedFocusIndex', () => {
  it('wraps Tab from the last element to the first, and Shift+Tab from the first to the last', () => {
    expect(trappedFocusIndex(4, 5, false)).toBe(0);
    expect(trappedFocusIndex(0, 5, true)).toBe(4);
  });

  it('leaves the browser’s order alone inside the dialog, and with nothing focusable', () => {
    expect(trappedFocusIndex(1, 5, false)).toBeUndefined();
    expect(trappedFocusIndex(4, 5, true)).toBeUndefined();
    expect(trappedFocusIndex(-1, 5, false)).toBeUndefined();
    expect(trappedFocusIndex(-1, 0, true)).toBeUndefined();
  });
});

describe('screenFor', () => {
  const found: SearchResponse = { ok: true, query: 'x', hits: [hit('a', ['A'])], total: 1 };
  const none: SearchResponse = { ok: true, query: 'x', hits: [], total: 0 };
  const failed: SearchResponse = { ok: false, query: 'x', error: 'HTTP 404' };

  it('shows the conversation in AI mode, whatever the query', () => {
    expect(screenFor(true, '', undefined)).toBe('ask');
    expect(screenFor(true, 'x', failed)).toBe('ask');
  });

  it('shows the start screen for a blank query, then results, no results or the error', () => {
    expect(screenFor(false, '   ', found)).toBe('start');
    expect(screenFor(false, 'x', undefined)).toBe('results');
    expect(screenFor(false, 'x', found)).toBe('results');
    expect(screenFor(false, 'x', none)).toBe('noResults');
    expect(screenFor(false, 'x', failed)).toBe('error');
  });
});

describe('resultsStatus', () => {
  const found = (total: number): SearchResponse => ({ ok: true, query: 'billing', hits: [], total });
  it('says how many results arrived for the query, once they are on screen', () => {
    expect(resultsStatus('results', found(12))).toBe('12 results for “billing”');
    expect(resultsStatus('results', found(1))).toBe('1 result for “billing”');
    expect(resultsStatus('noResults', found(0))).toBe('No results for “billing”');
  });
  it('says nothing while the results load, on the other screens and after an error', () => {
    expect(resultsStatus('results', undefined)).toBe('');
    expect(resultsStatus('start', found(3))).toBe('');
    expect(resultsStatus('ask', found(3))).toBe('');
    expect(resultsStatus('error', { ok: false, query: 'billing', error: 'offline' })).toBe('');
  });
});
