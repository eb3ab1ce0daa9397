import { useEffect, useState, type ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { SearchProvider } from '@services-manager-docs/core/search/types';
import type { siteLinks as SiteLinks } from '@site/site.links';
import styles from '../styles.module.css';

/** Nothing matched `query`: other searches worth trying, and a link to report the gap. */
export default function NoResultsScreen({
  query,
  provider,
  onSearch,
}: {
  query: string;
  provider: SearchProvider;
  onSearch: (query: string) => void;
}): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const supportUrl = (siteConfig.customFields?.siteLinks as typeof SiteLinks).supportPortal;
  const [suggestions, setSuggestions] = useState<string[]>([]);
  useEffect(() => {
    let shown = true;
    void provider.suggestions().then((items) => shown && setSuggestions(items));
    return () => {
      shown = false;
    };
  }, [provider]);

  return (
    <div className={styles.message}>
      <p className={styles.messageTitle}>
        No results found for “<span className={styles.query}>{query}</span>”
      </p>
      {suggestions.length > 0 && (
        <>
          <p>Try searching for</p>
          <ul className={styles.suggestions}>
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button type="button" className={styles.suggestion} onClick={() => onSearch(suggestion)}>
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        Believe this query should return results?{' '}
        <a href={supportUrl} target="_blank" rel="noopener noreferrer">
          Let us know.
        </a>
      </p>
    </div>
  );
}
