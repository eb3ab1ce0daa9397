/**
 * Links and switches an operator changes per deployment. Every value can be overridden by an
 * environment variable at build time, so a fork never has to edit code to point elsewhere.
 */
const env = (name: string, fallback: string): string => process.env[name]?.trim() || fallback;

export const siteLinks = {
  /** Where readers open support cases; the search "Let us know" link points here too. */
  supportPortal: env('DOCS_SUPPORT_URL', 'https://support.example.com/'),
  /** Release notes and downloads. */
  releases: env('DOCS_RELEASES_URL', 'https://releases.example.com/'),
  /** The product's marketing website. */
  website: env('DOCS_WEBSITE_URL', 'https://www.example.com/'),
} as const;

/** The origin of the development server, and of a local preview that says so (DOCS_URL set to it). */
export const LOCAL_SITE_URL = 'http://localhost:3000';
export const siteUrl = env('DOCS_URL', LOCAL_SITE_URL);

/**
 * What is wrong with the site's public origin for this build, or undefined. A production build (every
 * `npm run build` sets NODE_ENV=production; CI builds are production builds) without DOCS_URL would write
 * http://localhost:3000 into canonical URLs, the sitemap, llms.txt, Open Graph tags and every link of the
 * Markdown twins, and nothing would say so: it stops instead. Setting DOCS_URL to the local address is the
 * explicit way to build a local preview.
 */
export function publicUrlProblem(vars: Record<string, string | undefined> = process.env): string | undefined {
  const url = vars.DOCS_URL?.trim();
  if (url) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== url.replace(/\/$/, ''))
      return `DOCS_URL must be the site's origin, such as https://docs.example.com (no path; the path is DOCS_BASE_URL), not "${url}".`;
    return undefined;
  }
  const ci = Boolean(vars.CI) && vars.CI !== 'false' && vars.CI !== '0';
  if (vars.NODE_ENV !== 'production' && !ci) return undefined;
  return (
    "DOCS_URL is not set: a production build needs the site's public origin for its canonical URLs, sitemap, " +
    'llms.txt, Open Graph tags and Markdown twins (DOCS_URL=https://docs.example.com npm run build). ' +
    `For a local preview, set it to the local address: DOCS_URL=${LOCAL_SITE_URL} npm run build.`
  );
}
export const baseUrl = env('DOCS_BASE_URL', '/');

export const announcement = {
  id: env('DOCS_ANNOUNCEMENT_ID', 'docs-1-0-1'),
  content: env(
    'DOCS_ANNOUNCEMENT',
    'Services Manager documentation 1.0.1 is live: search, the REST API v2 reference and the knowledge base in one place.',
  ),
};

/**
 * Search: the local index by default; Algolia DocSearch when an application id, a search-only key and
 * an index name are all set.
 */
const algoliaAppId = env('DOCS_ALGOLIA_APP_ID', '');
const algoliaApiKey = env('DOCS_ALGOLIA_SEARCH_KEY', '');
const algoliaIndexName = env('DOCS_ALGOLIA_INDEX', '');

export type AlgoliaSettings = {
  appId: string;
  apiKey: string;
  indexName: string;
  /** Result URLs matching this pattern are turned into paths on this site. */
  externalUrlRegex: string;
  /** Path prefix rewriting applied to result paths (the DocSearch `replaceSearchResultPathname`). */
  replaceSearchResultPathname?: { from: string; to: string };
};

export const searchSettings: { searchPagePath: string; algolia?: AlgoliaSettings } = {
  searchPagePath: 'search',
  algolia:
    algoliaAppId && algoliaApiKey && algoliaIndexName
      ? {
          appId: algoliaAppId,
          apiKey: algoliaApiKey,
          indexName: algoliaIndexName,
          externalUrlRegex: env('DOCS_ALGOLIA_EXTERNAL_URL_REGEX', ''),
          replaceSearchResultPathname: process.env.DOCS_ALGOLIA_PATHNAME_FROM
            ? { from: process.env.DOCS_ALGOLIA_PATHNAME_FROM, to: env('DOCS_ALGOLIA_PATHNAME_TO', '/') }
            : undefined,
        }
      : undefined,
};

/**
 * Ask AI: the offline extractive engine by default; with DOCS_ASK_ENDPOINT (the URL of the
 * `npm run ask-proxy` server's `/ask` route) answers come from the language model behind that proxy.
 */
const askEndpoint = env('DOCS_ASK_ENDPOINT', '');
if (askEndpoint && !/^(https?:\/\/[^/]|\/(?!\/))/.test(askEndpoint))
  throw new Error(
    `DOCS_ASK_ENDPOINT must be an http(s) URL or a path on this site (such as /api/ask), not "${askEndpoint}".`,
  );
/**
 * The questions Ask AI's start screen suggests: common administrator tasks, each answered from its
 * page by the offline engine (e2e/ask-suggestions.test.ts asks them). DOCS_ASK_SUGGESTIONS replaces
 * them with `|`-separated questions of your own; an empty value shows none.
 */
export const DEFAULT_ASK_SUGGESTIONS = [
  'How do I add a user to a customer?',
  'How do I exclude test users from billing?',
  'How do I get an access token for the REST API?',
];
const suggestions = process.env.DOCS_ASK_SUGGESTIONS;
export const askSettings: { endpoint?: string; suggestions: string[] } = {
  endpoint: askEndpoint || undefined,
  suggestions:
    suggestions === undefined
      ? DEFAULT_ASK_SUGGESTIONS
      : suggestions
          .split('|')
          .map((question) => question.trim())
          .filter(Boolean),
};
