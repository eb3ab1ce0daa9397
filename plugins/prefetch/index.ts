import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * Moves Docusaurus's link prefetching out of the way of the first load. Every link that scrolls into
 * view prefetches its page's chunks, and finding those chunks scans the whole route table, so the
 * links of a first screen cost one long main-thread task just as the page becomes interactive. The
 * client module queues those prefetches and runs them a few at a time when the browser is idle.
 */
export default function prefetchPlugin(): Plugin {
  return {
    name: 'services-manager-prefetch',
    getClientModules: () => [path.join(__dirname, 'client.ts')],
  };
}
