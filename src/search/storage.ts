/** Recent and favourite searches, kept in the browser's local storage. */
const RECENT_KEY = 'sm-search-recent';
const FAVORITE_KEY = 'sm-search-favorites';
const MAX_RECENT = 8;
const MAX_FAVORITES = 12;

function read(key: string): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function write(key: string, values: string[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or disabled: the lists simply are not remembered.
  }
}

export type SavedSearches = { recent: string[]; favorites: string[] };

/** `item` at the front of `list`, once, and the list at most `max` long. */
export function putFirst(list: string[], item: string, max: number): string[] {
  return [item, ...list.filter((entry) => entry !== item)].slice(0, max);
}

export function loadSaved(): SavedSearches {
  return { recent: read(RECENT_KEY), favorites: read(FAVORITE_KEY) };
}

/** Adds a query to the front of the recent list (favourites are not repeated there). */
export function addRecent(query: string): SavedSearches {
  const trimmed = query.trim().slice(0, 200);
  const saved = loadSaved();
  if (trimmed && !saved.favorites.includes(trimmed))
    write(RECENT_KEY, putFirst(saved.recent, trimmed, MAX_RECENT));
  return loadSaved();
}

export function removeRecent(query: string): SavedSearches {
  write(
    RECENT_KEY,
    read(RECENT_KEY).filter((item) => item !== query),
  );
  return loadSaved();
}

/** Moves a recent search to the favourites. */
export function addFavorite(query: string): SavedSearches {
  write(FAVORITE_KEY, putFirst(read(FAVORITE_KEY), query, MAX_FAVORITES));
  return removeRecent(query);
}

export function removeFavorite(query: string): SavedSearches {
  write(
    FAVORITE_KEY,
    read(FAVORITE_KEY).filter((item) => item !== query),
  );
  return loadSaved();
}
