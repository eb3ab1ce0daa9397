import { describe, expect, it, vi } from 'vitest';
import { loadAnalytics } from '../load';
import { trackEvent, type AnalyticsWindow } from '../track';

describe('trackEvent', () => {
  it('sends the event by name with its data', () => {
    const va = vi.fn();
    trackEvent('ask_feedback', { value: 'like', question: 'Which port?', cited: '/docs/a /docs/b' }, { va });
    expect(va).toHaveBeenCalledExactlyOnceWith('event', {
      name: 'ask_feedback',
      data: { value: 'like', question: 'Which port?', cited: '/docs/a /docs/b' },
    });
  });

  it('leaves out absent values', () => {
    const va = vi.fn();
    trackEvent('page_feedback', { page: '/docs/x', vote: 'no', comment: undefined }, { va });
    expect(va.mock.calls[0][1]).toEqual({ name: 'page_feedback', data: { page: '/docs/x', vote: 'no' } });
    expect(Object.keys(va.mock.calls[0][1].data)).toEqual(['page', 'vote']);
  });

  it('queues events sent before the insights script has arrived', () => {
    const win: AnalyticsWindow = {};
    const doc = { createElement: () => ({ dataset: {} }), head: { appendChild: () => undefined } };
    loadAnalytics(doc as never, win, '/_vercel/insights/script.js');
    trackEvent('search_result', { query: 'kb 17', url: '/docs/kb/kb00017', rank: 1 }, win);
    expect(win.vaq).toEqual([
      ['event', { name: 'search_result', data: { query: 'kb 17', url: '/docs/kb/kb00017', rank: 1 } }],
    ]);
  });

  it('does nothing without analytics, and never throws when the script does', () => {
    expect(() => trackEvent('search_result', { query: 'a', url: '/b', rank: 2 }, {})).not.toThrow();
    const va = vi.fn(() => {
      throw new Error('blocked');
    });
    expect(() => trackEvent('search_result', { query: 'a', url: '/b', rank: 2 }, { va })).not.toThrow();
    expect(va).toHaveBeenCalledTimes(1);
  });

  it('uses the global object by default', () => {
    const va = vi.fn();
    vi.stubGlobal('va', va);
    try {
      trackEvent('page_feedback', { page: '/docs/y', vote: 'yes' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(va).toHaveBeenCalledWith('event', {
      name: 'page_feedback',
      data: { page: '/docs/y', vote: 'yes' },
    });
  });
});
