import path from 'node:path';
import { normalizeUrl } from '@docusaurus/utils';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { AnalyticsOptions } from './options';

export { validateOptions } from './options';

/**
 * Loads the web-analytics script from the site's own insights path in production builds only,
 * so development and tests of other features never depend on it.
 */
export default function analyticsPlugin(context: LoadContext, options: AnalyticsOptions): Plugin {
  const active = options.enabled && process.env.NODE_ENV === 'production';
  return {
    name: 'services-manager-analytics',
    getClientModules: () => (active ? [path.join(__dirname, 'client.ts')] : []),
    async contentLoaded({ actions }) {
      if (active) actions.setGlobalData({ src: normalizeUrl([context.baseUrl, options.src]) });
    },
  };
}
