import { describe, expect, it } from 'vitest';
import { idlePrefetch, SLICE_MS } from '../queue';

/** A scheduler that keeps callbacks until the test runs them, and a clock the test moves. */
function harness(costMs = 0) {
  const pending: (() => void)[] = [];
  let time = 0;
  const done: string[] = [];
  const prefetch = idlePrefetch(
    (route) => {
      done.push(route);
      time += costMs;
    },
    (run) => pending.push(run),
    () => time,
  );
  const runNext = () => pending.shift()?.();
  return { prefetch, pending, done, runNext };
}

describe('idlePrefetch', () => {
  it('runs nothing until the browser is idle, then the queued routes in order', () => {
    const { prefetch, pending, done, runNext } = harness();
    prefetch('/docs/a');
    prefetch('/docs/b');
    expect(done).toEqual([]);
    expect(pending).toHaveLength(1);
    runNext();
    expect(done).toEqual(['/docs/a', '/docs/b']);
    expect(pending).toHaveLength(0);
  });

  it('asks for each route once', () => {
    const { prefetch, done, runNext } = harness();
    expect(prefetch('/docs/a')).toBe(true);
    expect(prefetch('/docs/a')).toBe(false);
    runNext();
    prefetch('/docs/a');
    runNext();
    expect(done).toEqual(['/docs/a']);
  });

  it(`spreads the work over idle slices of about ${SLICE_MS} ms`, () => {
    const routes = Array.from({ length: 7 }, (_, i) => `/${i}`);
    const { prefetch, pending, done, runNext } = harness(SLICE_MS / 2);
    for (const route of routes) prefetch(route);
    runNext();
    expect(done).toEqual(routes.slice(0, 2));
    expect(pending).toHaveLength(1);
    while (pending.length) runNext();
    expect(done).toEqual(routes);
  });
});
