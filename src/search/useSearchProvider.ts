import { useMemo } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { usePluginData } from '@docusaurus/useGlobalData';
import { useContextualSearchFilters } from '@docusaurus/theme-common';
import { createLocalProvider } from '@services-manager-docs/core/search/local';
import { createAlgoliaProvider } from './algolia';
import type { SearchProvider } from '@services-manager-docs/core/search/types';
import type { searchSettings } from '../../site.links';

const providers = new Map<string, SearchProvider>();

/** One provider per configuration for the whole session, so downloaded index pieces are reused. */
function memo(key: string, create: () => SearchProvider): SearchProvider {
  let provider = providers.get(key);
  if (!provider) providers.set(key, (provider = create()));
  return provider;
}

/** Where the local index is served from, or undefined when a hosted provider is configured. */
export function useLocalIndexUrl(): string | undefined {
  const { siteConfig } = useDocusaurusContext();
  const settings = siteConfig.customFields?.search as typeof searchSettings;
  const local = usePluginData('services-manager-search-index') as { indexUrl: string } | undefined;
  return settings.algolia ? undefined : (local?.indexUrl ?? '/search/');
}

/** The configured search provider: Algolia when configured, otherwise the local index. */
export function useSearchProvider(): SearchProvider {
  const { siteConfig } = useDocusaurusContext();
  const settings = siteConfig.customFields?.search as typeof searchSettings;
  const indexUrl = useLocalIndexUrl();
  const { locale, tags } = useContextualSearchFilters();
  return useMemo(() => {
    const algolia = settings.algolia;
    if (algolia) {
      const facetFilters = [[`language:${locale}`], tags.map((tag) => `docusaurus_tag:${tag}`)];
      return memo(`algolia:${JSON.stringify(facetFilters)}`, () =>
        createAlgoliaProvider(algolia, { facetFilters, origin: window.location.origin }),
      );
    }
    // Contextual search, as with the hosted provider: sections of the docs versions this page belongs with.
    return memo(`local:${indexUrl}:${tags.join()}`, () => createLocalProvider(indexUrl!, { docsTags: tags }));
  }, [settings, indexUrl, locale, tags]);
}
