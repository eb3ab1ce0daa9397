/**
 * Test build only: lets the end-to-end suite point Ask AI at an answer endpoint for one browser session,
 * so the configured-engine path is tested in the same build as the default one.
 */
import siteConfig from '@generated/docusaurus.config';
import { ASK_ENDPOINT_KEY } from './constants';

if (typeof window !== 'undefined') {
  const endpoint = window.sessionStorage.getItem(ASK_ENDPOINT_KEY);
  if (endpoint) (siteConfig.customFields as { ask: { endpoint?: string } }).ask.endpoint = endpoint;
}
