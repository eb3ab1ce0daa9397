/** The web-analytics script's global: `va` sends, `vaq` holds calls made before the script arrived. */
export type AnalyticsWindow = { va?: (...args: unknown[]) => void; vaq?: unknown[][] };

/** Every event the site sends, by name, with its data (flat values only, as the insights script takes). */
export type AnalyticsEvents = {
  /** "Was this page helpful?" answered, or a comment added. */
  page_feedback: { page: string; vote: 'yes' | 'no'; comment?: string };
  /** Like or Dislike on an Ask AI answer; `cited` lists the cited URLs, space-separated. */
  ask_feedback: { value: 'like' | 'dislike'; question: string; cited: string };
  /** A result opened from the search dialog, with its 1-based rank. */
  search_result: { query: string; url: string; rank: number };
};

/**
 * Sends one event when analytics is on (the insights script or its queue is there); otherwise, or if
 * the script throws, nothing happens: analytics must never break the page. Absent values are left out.
 */
export function trackEvent<Name extends keyof AnalyticsEvents>(
  name: Name,
  data: AnalyticsEvents[Name],
  target: AnalyticsWindow = globalThis as AnalyticsWindow,
): void {
  const present = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
  try {
    target.va?.('event', { name, data: present });
  } catch {
    // Nothing to do: the reader's action has already happened.
  }
}
