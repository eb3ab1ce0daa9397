/**
 * The build's configuration for nginx (Debian's package), written beside `_headers` as `_nginx.conf`: the
 * same headers as `_headers` (content security policy with this build's script hashes, security headers,
 * caching), served the way `npm run serve` serves the build (clean URLs, `.html` and `/index.html`
 * redirected to the clean path, precompressed copies, the 404 page, no dotfiles), and the Ask AI proxy
 * and the MCP server behind it with connection limits. It is a file of the `http` context, as Debian's
 * `sites-available/` files are.
 */

/** Where the operator copies the build (`root`), and where the two services listen. */
export const NGINX_DEFAULTS = {
  root: '/var/www/services-manager-docs',
  askUpstream: 'http://127.0.0.1:8787',
  mcpUpstream: 'http://127.0.0.1:3333',
};

export type NginxOptions = {
  /** The site's origin (DOCS_URL): its host is the server name. */
  origin: string;
  /** The path the site is served under (DOCS_BASE_URL), with leading and trailing slash. */
  baseUrl: string;
  /** The path the Ask AI proxy answers at on this site (`/ask`, or DOCS_ASK_ENDPOINT's path). */
  askPath: string;
};

type Rule = { pattern: string; headers: [string, string][] };

/** The rules of a `_headers` file, in order (a path pattern, then its indented headers). */
export function readHeaderRules(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon === -1 || !rules.length) throw new Error(`_headers: cannot read the line "${line.trim()}"`);
    rules.at(-1)!.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** What static hosts send where `_headers` sets no caching; errors are never cached. */
const REVALIDATE = 'public, max-age=0, must-revalidate';
const NO_STORE = 'no-store';

/** A header value as one nginx string, quoted (CSP values hold `;` and `'`). */
const quoted = (value: string) => {
  if (/["\\$\r\n]/.test(value)) throw new Error(`_headers: a value nginx cannot carry as is: ${value}`);
  return `"${value}"`;
};

/** nginx's add_header lines for the headers of every rule matching `sitePath`, `always` (404s too). */
function headerLines(rules: Rule[], sitePath: string, cacheControl?: string): string[] {
  const headers = new Map<string, string>([['Cache-Control', REVALIDATE]]);
  for (const rule of rules) {
    const pattern = new RegExp(
      `^${rule.pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`,
    );
    if (pattern.test(sitePath)) for (const [name, value] of rule.headers) headers.set(name, value);
  }
  if (cacheControl) headers.set('Cache-Control', cacheControl);
  return [...headers].map(([name, value]) => `add_header ${name} ${quoted(value)} always;`);
}

/** The nginx location that serves a `_headers` pattern: `/x/*` a prefix, `/x` an exact path. */
function locationOf(pattern: string, base: string): { match: string; sample: string } {
  if (pattern === '/*') return { match: base, sample: '/' };
  if (/^\/[\w./-]*\/\*$/.test(pattern))
    return { match: `${base}${pattern.slice(1, -1)}`, sample: pattern.slice(0, -1) };
  if (/^\/[\w./-]+$/.test(pattern)) return { match: `= ${base}${pattern.slice(1)}`, sample: pattern };
  throw new Error(`_headers: no nginx location for the pattern "${pattern}"`);
}

const indent = (lines: string[], depth = 1) =>
  lines.map((line) => (line ? `${'  '.repeat(depth)}${line}` : ''));
const escapeRegex = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** The configuration for the build whose `_headers` file reads `headersText`. */
export function nginxConfig(headersText: string, options: NginxOptions): string {
  const rules = readHeaderRules(headersText);
  const base = options.baseUrl.replace(/\/?$/, '/');
  const host = new URL(options.origin).hostname;
  const askPath = options.askPath;
  const files = 'try_files $uri $uri/index.html $uri.html =404;';
  const location = (match: string, sitePath: string, body: string[], cacheControl?: string) => [
    `location ${match} {`,
    ...indent([...headerLines(rules, sitePath, cacheControl), ...body]),
    '}',
  ];
  // One location per `_headers` path (the site, hashed assets, the service worker), each repeating every
  // header: nginx drops the add_header lines of outer levels where a location has its own.
  const served = rules.map((rule) => locationOf(rule.pattern, base));
  if (!served.some((item) => item.match === base)) served.unshift({ match: base, sample: '/' });
  const typed = (extension: string, type: string) =>
    location(`~ ^${escapeRegex(base)}.*\\.${extension}$`, `/x.${extension}`, [
      'types { }',
      `default_type "${type}";`,
      files,
    ]);

  const proxy = (upstream: string, extra: string[]) => [
    `proxy_pass ${upstream};`,
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $host;',
    // The client's own address only: a header the client sent is not passed on.
    'proxy_set_header X-Forwarded-For $remote_addr;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    ...extra,
  ];

  return [
    '# nginx configuration for this build of the Services Manager documentation, written by `npm run build`',
    '# beside _headers (the same headers: regenerate with every build, since the script hashes change).',
    '# Debian: copy it to /etc/nginx/sites-available/services-manager-docs, link it from sites-enabled/,',
    `# copy the build to ${NGINX_DEFAULTS.root}${base === '/' ? '' : base.slice(0, -1)} (or change root below),`,
    '# then `nginx -t && systemctl reload nginx`. Add TLS (for example with certbot) before going live.',
    '',
    '# Connections per client address: the site, the Ask AI proxy and the MCP server each cap them too.',
    'limit_conn_zone $binary_remote_addr zone=services_manager_docs:10m;',
    '',
    'server {',
    ...indent([
      'listen 80;',
      'listen [::]:80;',
      `server_name ${host};`,
      `root ${NGINX_DEFAULTS.root};`,
      'server_tokens off;',
      '# Redirects name a path, as npm run serve does, whatever scheme and port TLS is terminated at.',
      'absolute_redirect off;',
      '',
      "# Slow and idle connections: seconds, not minutes (as the site's own servers).",
      'client_header_timeout 5s;',
      'client_body_timeout 10s;',
      'client_max_body_size 64k;',
      'keepalive_timeout 5s;',
      'keepalive_requests 1000;',
      'send_timeout 30s;',
      'limit_conn services_manager_docs 64;',
      'limit_conn_status 503;',
      '',
      "# The precompressed copies the build holds (x.gz beside x). With Debian's",
      '# libnginx-mod-http-brotli-static, add `brotli_static on;` for the x.br copies too.',
      'gzip_static on;',
      'gzip_vary on;',
      'charset utf-8;',
      'charset_types text/css text/plain text/markdown text/xml application/javascript application/json application/xml application/manifest+json;',
      'etag on;',
      '',
      '# The 404 page, with the status 404, never cached.',
      'error_page 404 /404.html;',
      ...location('= /404.html', '/404.html', ['internal;'], NO_STORE),
      '',
      '# Dotfiles and dot-folders are never part of the site (.well-known is left to the host, for ACME),',
      '# and neither are the host configuration files of the build.',
      ...location('~ /\\.(?!well-known/)', '/', ['return 404;'], NO_STORE),
      ...location(`~ ^${escapeRegex(base)}(_headers|_nginx\\.conf)$`, '/', ['return 404;'], NO_STORE),
      '',
      '# .html and /index.html addresses redirect to the clean URL, keeping the query (never to another host).',
      ...location(`= ${base}index.html`, '/', [`return 301 ${base}$is_args$args;`], NO_STORE),
      // \x5c is the backslash, which a browser reads as a slash: the target never starts with two.
      ...location(
        '~ "^(?<clean>/[^/\\x5c][^\\x5c]*)/index\\.html$"',
        '/',
        ['return 301 $clean$is_args$args;'],
        NO_STORE,
      ),
      ...location(
        '~ "^(?<clean>/[^/\\x5c][^\\x5c]*)\\.html$"',
        '/',
        ['return 301 $clean$is_args$args;'],
        NO_STORE,
      ),
      '',
      '# Clean URLs: x from x, x/index.html or x.html, as the build writes pages.',
      ...served.flatMap(({ match, sample }) => location(match, sample, [files])),
      ...typed('md', 'text/markdown'),
      ...typed('webmanifest', 'application/manifest+json'),
      '',
      '# The Ask AI proxy (npm run ask-proxy; ASK_TRUSTED_PROXIES=127.0.0.1). Remove it if you run none.',
      `location = ${askPath} {`,
      ...indent([
        'limit_conn services_manager_docs 8;',
        ...proxy(`${NGINX_DEFAULTS.askUpstream}/ask`, [
          'proxy_buffering off;          # stream the answer as it comes',
          'proxy_read_timeout 90s;       # above ASK_TIMEOUT_MS',
        ]),
      ]),
      '}',
      '',
      '# The MCP server (npm run mcp -- --http --allowed-hosts <this host> --trusted-proxies 127.0.0.1).',
      '# Remove it if you run none.',
      'location = /mcp {',
      ...indent([
        'limit_conn services_manager_docs 16;',
        ...proxy(`${NGINX_DEFAULTS.mcpUpstream}/mcp`, ['proxy_read_timeout 60s;']),
      ]),
      '}',
    ]),
    '}',
    '',
  ].join('\n');
}
