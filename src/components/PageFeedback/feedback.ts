import { trackEvent } from '@site/plugins/analytics/track';

/** Per-page answers to "Was this page helpful?", kept in local storage and sent to analytics when it is on. */
export type Feedback = { vote: 'yes' | 'no'; comment?: string };

const key = (page: string) => `sm-feedback:${page}`;

export function loadFeedback(page: string): Feedback | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(key(page)) ?? 'null') as Feedback | null;
    return value?.vote === 'yes' || value?.vote === 'no' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function saveFeedback(page: string, feedback: Feedback): void {
  try {
    localStorage.setItem(key(page), JSON.stringify(feedback));
  } catch {
    // Storage disabled: the answer is still sent, just not remembered.
  }
}

/** Sends the answer as a web-analytics event (when analytics is on). */
export function sendFeedback(page: string, feedback: Feedback): void {
  trackEvent('page_feedback', { page, vote: feedback.vote, comment: feedback.comment?.slice(0, 500) });
}
