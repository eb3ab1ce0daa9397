import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * Routes that exist only in the end-to-end test build (DOCS_E2E_FIXTURES=true): a page whose render
 * throws, so the suite can prove the framework's crash page without shipping one.
 */
export default function e2eFixturesPlugin(): Plugin {
  return {
    name: 'services-manager-e2e-fixtures',
    async contentLoaded({ actions }) {
      actions.addRoute({
        path: '/__e2e/crash',
        component: path.join(__dirname, 'Crash.tsx'),
        exact: true,
      });
    },
  };
}
