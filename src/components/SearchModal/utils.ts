import type { SearchHit, SearchResponse } from '@services-manager-docs/core/search/types';

/** Hits grouped by their section (the first entry of the hierarchy), in rank order of each group's best hit. */
export function groupBySection(hits: SearchHit[]): [string, SearchHit[]][] {
  const groups = new Map<string, SearchHit[]>();
  for (const hit of hits) {
    const section = hit.hierarchy[0] ?? 'Documentation';
    groups.set(section, [...(groups.get(section) ?? []), hit]);
  }
  return [...groups];
}

/** The id of the option at `index` in the results list `listId`, which the combobox points at. */
export function optionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

/** The position `step` away from `current` in a list of `count`, wrapping around at both ends. */
export function wrapIndex(current: number, step: number, count: number): number {
  return (((current + step) % count) + count) % count;
}

type Key = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey'>;

/** What a key does in the search box's results. */
export type ResultsKeyAction =
  | { kind: 'move'; index: number }
  | { kind: 'open'; index: number; newTab: boolean }
  | { kind: 'ask' }
  | undefined;

/**
 * Arrow keys move through the `count` results shown (wrapping); in the search box, Enter opens the
 * active one (Ctrl/⌘ in a new tab) and Tab goes to the Ask AI entry when there is one. Any other key,
 * or one with nothing to act on, is left to the browser and the dialog's focus trap.
 */
export function resultsKeyAction(
  key: Key,
  state: { inSearchBox: boolean; count: number; active: number; canAsk: boolean },
): ResultsKeyAction {
  const { inSearchBox, count, active, canAsk } = state;
  if (key.key === 'Tab' && !key.shiftKey && inSearchBox && canAsk) return { kind: 'ask' };
  if ((key.key === 'ArrowDown' || key.key === 'ArrowUp') && count > 0)
    return { kind: 'move', index: wrapIndex(active, key.key === 'ArrowDown' ? 1 : -1, count) };
  if (key.key === 'Enter' && inSearchBox && active < count)
    return { kind: 'open', index: active, newTab: key.metaKey || key.ctrlKey };
  return undefined;
}

/**
 * Where Tab moves focus to keep it inside a dialog of `count` focusable elements: from the last to
 * the first, and with Shift from the first to the last; undefined where the browser's order already
 * stays inside.
 */
export function trappedFocusIndex(focused: number, count: number, backwards: boolean): number | undefined {
  if (count === 0) return undefined;
  if (backwards && focused === 0) return count - 1;
  if (!backwards && focused === count - 1) return 0;
  return undefined;
}

/** Which screen the dialog shows. */
export type Screen = 'ask' | 'start' | 'error' | 'noResults' | 'results';

/** The screen for the dialog's state; results (possibly none yet) while the first answer is on its way. */
export function screenFor(asking: boolean, query: string, response: SearchResponse | undefined): Screen {
  if (asking) return 'ask';
  if (!query.trim()) return 'start';
  if (response && !response.ok) return 'error';
  if (response?.ok && response.total === 0) return 'noResults';
  return 'results';
}

/**
 * What the dialog's polite status region says about the results on screen: their number once they have
 * arrived for the query (a screen reader announces each new count once), nothing on the other screens.
 */
export function resultsStatus(screen: Screen, response: SearchResponse | undefined): string {
  if ((screen !== 'results' && screen !== 'noResults') || !response?.ok) return '';
  const { total, query } = response;
  if (total === 0) return `No results for “${query}”`;
  return `${total} result${total === 1 ? '' : 's'} for “${query}”`;
}
