import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addFavorite, addRecent, loadSaved, putFirst, removeFavorite, removeRecent } from '../storage';

describe('putFirst', () => {
  it('puts the item first, once, and caps the list', () => {
    expect(putFirst(['a', 'b', 'c'], 'c', 8)).toEqual(['c', 'a', 'b']);
    expect(putFirst(['a', 'b', 'c'], 'd', 3)).toEqual(['d', 'a', 'b']);
    expect(putFirst([], 'a', 2)).toEqual(['a']);
  });
});

describe('saved searches', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the eight latest distinct queries, newest first, trimmed', () => {
    for (let i = 1; i <= 9; i++) addRecent(`query ${i}`);
    expect(addRecent('  query 5 ').recent).toEqual([
      'query 5',
      'query 9',
      'query 8',
      'query 7',
      'query 6',
      'query 4',
      'query 3',
      'query 2',
    ]);
    expect(addRecent('   ').recent).toHaveLength(8);
  });

  it('moves a starred query from the recent list to the favourites, and does not repeat it', () => {
    addRecent('billing');
    addRecent('mailbox');
    expect(addFavorite('billing')).toEqual({ recent: ['mailbox'], favorites: ['billing'] });
    expect(addRecent('billing')).toEqual({ recent: ['mailbox'], favorites: ['billing'] });
    expect(removeFavorite('billing')).toEqual({ recent: ['mailbox'], favorites: [] });
    expect(removeRecent('mailbox')).toEqual({ recent: [], favorites: [] });
  });

  it('reads anything else stored under its keys as empty, and survives storage that throws', () => {
    store.set('sm-search-recent', '{"not":"a list"}');
    store.set('sm-search-favorites', '["ok", 3, null]');
    expect(loadSaved()).toEqual({ recent: [], favorites: ['ok'] });
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    expect(addRecent('billing')).toEqual({ recent: [], favorites: [] });
  });
});
