import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { idlePrefetch } from './queue';

type DocusaurusApi = { prefetch: (routePath: string) => unknown; preload: (routePath: string) => unknown };

/** The next idle moment (or the next task where the browser has no idle callbacks). */
const whenIdle = (run: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(run, { timeout: 5000 })
    : window.setTimeout(run, 50);

// Docusaurus puts its API on `window.docusaurus` when the app starts, after client modules load; the
// setter gives it an idle prefetch on the way in. Preloading (on hover or focus) stays immediate.
if (ExecutionEnvironment.canUseDOM) {
  let api: DocusaurusApi | undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    enumerable: true,
    get: () => api,
    set: (value: DocusaurusApi) => {
      api = Object.freeze({ ...value, prefetch: idlePrefetch(value.prefetch, whenIdle) });
    },
  });
}
