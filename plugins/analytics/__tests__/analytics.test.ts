import { describe, expect, it, vi } from 'vitest';
import { normalizePluginOptions } from '@docusaurus/utils-validation';
import { LOAD_FAILED_MESSAGE, loadAnalytics } from '../load';
import { DEFAULT_OPTIONS, validateOptions } from '../options';
import analyticsPlugin from '../index';

const validate = (options: unknown) =>
  validateOptions({ options: options as never, validate: normalizePluginOptions as never });

function fakeDocument() {
  const appended: Record<string, unknown>[] = [];
  const doc = {
    createElement: () => ({ dataset: {} }) as unknown as HTMLScriptElement,
    head: { appendChild: (node: Record<string, unknown>) => appended.push(node) },
  };
  return { doc: doc as never, appended };
}

describe('analytics options', () => {
  it('defaults to the Vercel insights path, enabled', () => {
    expect(validate(undefined)).toEqual({ ...DEFAULT_OPTIONS, id: 'default' });
  });

  it('rejects a path that is not site-relative', () => {
    expect(() => validate({ src: 'https://cdn.example.com/script.js' })).toThrowErrorMatchingInlineSnapshot(
      `[ValidationError: "src" must be a site-relative path starting with a single "/" (got https://cdn.example.com/script.js)]`,
    );
  });
});

describe('loadAnalytics', () => {
  it('appends one deferred script and queues calls made before it loads', () => {
    const { doc, appended } = fakeDocument();
    const win: { va?: (...args: unknown[]) => void; vaq?: unknown[][] } = {};
    loadAnalytics(doc, win, '/_vercel/insights/script.js');
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ src: '/_vercel/insights/script.js', defer: true });
    win.va?.('event', { name: 'search' });
    expect(win.vaq).toEqual([['event', { name: 'search' }]]);
  });

  it('logs exactly one message when the script fails to load', () => {
    const { doc } = fakeDocument();
    const log = vi.fn();
    const script = loadAnalytics(doc, {}, '/x.js', log);
    (script.onerror as () => void)();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toContain(LOAD_FAILED_MESSAGE);
  });
});

describe('analytics plugin', () => {
  const context = { baseUrl: '/docs-site/' } as never;

  it('adds its client module only to production builds', () => {
    vi.stubEnv('NODE_ENV', 'development');
    expect(analyticsPlugin(context, DEFAULT_OPTIONS).getClientModules?.()).toEqual([]);
    vi.stubEnv('NODE_ENV', 'production');
    expect(analyticsPlugin(context, DEFAULT_OPTIONS).getClientModules?.()).toHaveLength(1);
    expect(analyticsPlugin(context, { ...DEFAULT_OPTIONS, enabled: false }).getClientModules?.()).toEqual([]);
  });

  it('prefixes the script path with the base URL', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const setGlobalData = vi.fn();
    await analyticsPlugin(context, DEFAULT_OPTIONS).contentLoaded?.({
      content: undefined,
      actions: { setGlobalData } as never,
    });
    expect(setGlobalData).toHaveBeenCalledWith({ src: '/docs-site/_vercel/insights/script.js' });
  });
});
