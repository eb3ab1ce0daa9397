import { useEffect, useState, type ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Highlighted from '@site/src/components/Highlighted';
import { useSearch } from '@site/src/search/useSearch';
import { INDEX_BASE_FILES } from '@services-manager-docs/core/search/local';
import { useLocalIndexUrl, useSearchProvider } from '@site/src/search/useSearchProvider';
import styles from './search.module.css';

const PAGE_SIZE = 10;

function readLocation(search: string): { query: string; page: number } {
  const params = new URLSearchParams(search);
  return {
    query: params.get('q') ?? '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/** The full result list for /search?q=…, kept in step with the address so back and forward work. */
function SearchResults(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const provider = useSearchProvider();
  // The static page is rendered without a query; read it only once hydrated, so both renders agree.
  const isBrowser = useIsBrowser();
  const fromUrl = readLocation(isBrowser ? location.search : '');
  const [input, setInput] = useState(fromUrl.query);
  useEffect(() => setInput(fromUrl.query), [fromUrl.query]);
  const { response, loading } = useSearch(provider, fromUrl.query, PAGE_SIZE, (fromUrl.page - 1) * PAGE_SIZE);

  const navigate = (query: string, page = 1, replace = false) => {
    const params = new URLSearchParams();
    if (query) params.set('q', query);
    if (page > 1) params.set('page', String(page));
    const target = `${location.pathname}${params.size ? `?${params}` : ''}`;
    if (replace) history.replace(target);
    else history.push(target);
  };

  const total = response?.ok ? response.total : 0;
  const pages = Math.ceil(total / PAGE_SIZE);

  return (
    <>
      <form
        role="search"
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          navigate(input.trim());
        }}
      >
        <label htmlFor="search-page-input" className="sr-only">
          Search the documentation
        </label>
        <input
          id="search-page-input"
          className={styles.input}
          type="search"
          value={input}
          autoComplete="off"
          placeholder="Search the docs"
          onFocus={() => provider.warmUp?.()}
          onChange={(event) => {
            setInput(event.target.value);
            navigate(event.target.value, 1, true);
          }}
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      <div aria-busy={loading} className={styles.area}>
        {/* The number of results is announced; the results are read when the reader goes to them. */}
        <p role="status" className={styles.count}>
          {fromUrl.query.trim() && response?.ok ? countText(response.total, fromUrl.query) : ''}
        </p>
        {!fromUrl.query.trim() ? (
          <div className={styles.guidance}>
            <p>Type a few words to search every page, section and API operation. For example:</p>
            <ul>
              <li>
                a task: <em>create a billing rule</em>, <em>bulk import users</em>
              </li>
              <li>
                an error message: <em>ACCESS_REFUSED</em>, <em>HTTP Error 500.19</em>
              </li>
              <li>
                a knowledge-base number: <em>KB 17</em>
              </li>
              <li>
                an API operation or cmdlet: <em>listCustomers</em>, <em>Get-SMWorkspaceItem</em>
              </li>
            </ul>
          </div>
        ) : response && !response.ok ? (
          <div role="alert" className={styles.guidance}>
            <p className={styles.count}>Unable to fetch results</p>
            <p>You might want to check your network connection.</p>
          </div>
        ) : response?.ok ? (
          <>
            <ol className={styles.results} start={(fromUrl.page - 1) * PAGE_SIZE + 1}>
              {response.hits.map((hit) => (
                <li key={hit.id} className={styles.result}>
                  <Link to={hit.url} className={styles.resultTitle}>
                    <Highlighted text={hit.hierarchy.at(-1) ?? ''} ranges={hit.titleHighlights} />
                  </Link>
                  <div className={styles.path}>{hit.hierarchy.slice(0, -1).join(' › ')}</div>
                  <p className={styles.snippet}>
                    <Highlighted text={hit.snippet} ranges={hit.highlights} />
                  </p>
                </li>
              ))}
            </ol>
            {pages > 1 && (
              <nav className="pagination-nav" aria-label="Search result pages">
                {fromUrl.page > 1 && (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => navigate(fromUrl.query, fromUrl.page - 1)}
                  >
                    ← Previous
                  </button>
                )}
                <span className={styles.pageInfo}>
                  Page {fromUrl.page} of {pages}
                </span>
                {fromUrl.page < pages && (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => navigate(fromUrl.query, fromUrl.page + 1)}
                  >
                    Next →
                  </button>
                )}
              </nav>
            )}
          </>
        ) : null}
      </div>
    </>
  );
}

/**
 * Starts the download of the index files every query needs with the page itself, instead of after its
 * scripts have run (the local index only; a hosted provider has its own connection hints).
 */
function PreloadIndex(): ReactNode {
  const indexUrl = useLocalIndexUrl();
  if (!indexUrl) return null;
  return (
    <Head>
      {INDEX_BASE_FILES.map((file) => (
        <link key={file} rel="preload" as="fetch" href={`${indexUrl}${file}`} crossOrigin="anonymous" />
      ))}
    </Head>
  );
}

function countText(total: number, query: string): string {
  return total === 0
    ? `No results found for “${query}”`
    : `${total} result${total === 1 ? '' : 's'} for “${query}”`;
}

export default function SearchPage(): ReactNode {
  return (
    <Layout title="Search" description="Search the Services Manager documentation and API reference.">
      <PreloadIndex />
      <main className="container margin-vert--lg">
        <Heading as="h1">Search the documentation</Heading>
        <SearchResults />
      </main>
    </Layout>
  );
}
