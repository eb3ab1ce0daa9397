import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * Routes that exist only in the end-to-end test build (DOCS_E2E_FIXTURES=true): a page whose render
 * throws, so the suite can prove the framework's crash page without shipping one, and a way to choose
 * the Ask AI answer endpoint per browser session.
 */
export default function e2eFixturesPlugin(): Plugin {
  return {
    name: 'services-manager-e2e-fixtures',
    getClientModules() {
      return [path.join(__dirname, 'askEndpoint.ts')];
    },
    async contentLoaded({ actions }) {
      actions.addRoute({
        path: '/__e2e/crash',
        component: path.join(__dirname, 'Crash.tsx'),
        exact: true,
      });
    },
  };
}
