/**
 * Makes a build ready for a static host (run by ./index.ts after the site is written).
 *
 * - `build/_headers` (the format Netlify and Cloudflare Pages read; `npm run serve` applies it too): a
 *   content security policy whose script-src allows this build's own files and, by SHA-256 hash, exactly
 *   the inline scripts its pages contain; the usual security headers; long-lived caching for hashed
 *   assets and revalidation for everything else.
 * - `build/_nginx.conf` beside it: the same headers, clean URLs, redirects, precompressed copies, the 404
 *   page, and the Ask AI proxy and MCP server behind nginx with connection limits (./nginx.ts).
 * - Brotli and gzip copies (`x.br`, `x.gz`) of every text file worth compressing, so a server sends
 *   compressed bytes without compressing on each request.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { askSettings, baseUrl, searchSettings, siteUrl } from '../../site.links';
import { nginxConfig } from './nginx';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE = /\.(html|js|css|json|svg|txt|md|xml|csv|webmanifest|map)$/;
/** Below this size compression saves less than the headers it adds. */
const MIN_SIZE = 1024;

/** The inline scripts of an HTML page that browsers execute (JSON-LD and other data blocks are not). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1];
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1].toLowerCase();
    if (type && !/^(text|application)\/(java|ecma)script$|^module$/.test(type)) continue;
    scripts.push(match[2]);
  }
  return scripts;
}

export const scriptHash = (source: string) =>
  `'sha256-${crypto.createHash('sha256').update(source, 'utf8').digest('base64')}'`;

const originOf = (url: string | undefined) => {
  try {
    return url && /^https?:/.test(url) ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/** The content security policy for a build whose pages hold the given inline scripts. */
export function contentSecurityPolicy(hashes: string[]): string {
  const connect = [
    "'self'",
    ...(searchSettings.algolia ? ['https://*.algolia.net', 'https://*.algolianet.com'] : []),
    originOf(askSettings.endpoint),
  ].filter(Boolean);
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(hashes)].sort().join(' ')}`.trim(),
    // The theme's components set style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Caching: hashed build assets are kept for a year, the service worker is always revalidated, and
 * everything else gets the host's default (revalidation). No path gets Cache-Control from two rules,
 * since hosts that read `_headers` join the values of every matching rule.
 */
export const CACHING_RULES = `/assets/*
  Cache-Control: public, max-age=31536000, immutable
/sw.js
  Cache-Control: no-cache
  Service-Worker-Allowed: /
`;

export function headersFile(csp: string): string {
  return `# Headers for a static host (Netlify and Cloudflare Pages read this file; npm run serve applies it).
/*
  Content-Security-Policy: ${csp}
  X-Content-Type-Options: nosniff
  X-Frame-Options: DENY
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=()
  Cross-Origin-Opener-Policy: same-origin
  Strict-Transport-Security: max-age=31536000; includeSubDomains
${CACHING_RULES}`;
}

/** Every file of the build with its size, read once. */
function filesOf(root: string): { file: string; size: number }[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => ({ file: path.join(root, name), stat: fs.statSync(path.join(root, name)) }))
    .filter(({ stat }) => stat.isFile())
    .map(({ file, stat }) => ({ file, size: stat.size }));
}

/** The path on this site that the Ask AI proxy is reached at behind nginx: the endpoint's, or `/ask`. */
export function askPathOf(endpoint: string | undefined, origin: string): string {
  if (!endpoint) return '/ask';
  if (endpoint.startsWith('/')) return endpoint.split(/[?#]/)[0];
  const url = new URL(endpoint);
  return url.origin === new URL(origin).origin ? url.pathname : '/ask';
}

/** Writes `_headers`, `_nginx.conf` and the compressed copies; returns what it did, for the build log. */
export async function prepareForHost(root: string, site = { origin: siteUrl, baseUrl }) {
  const files = filesOf(root).filter(({ file }) => !/\.(br|gz)$/.test(file));
  const hashes = files
    .map(({ file }) => file)
    .filter((file) => file.endsWith('.html'))
    .flatMap((file) => inlineScripts(fs.readFileSync(file, 'utf8')).map(scriptHash));
  const headers = headersFile(contentSecurityPolicy(hashes));
  fs.writeFileSync(path.join(root, '_headers'), headers);
  fs.writeFileSync(
    path.join(root, '_nginx.conf'),
    nginxConfig(headers, { ...site, askPath: askPathOf(askSettings.endpoint, site.origin) }),
  );

  const compressible = files
    .filter(({ file, size }) => COMPRESSIBLE.test(file) && size >= MIN_SIZE)
    .map(({ file }) => file);
  const assets = path.join(root, 'assets') + path.sep;
  let done = 0;
  // zlib's asynchronous calls run on the thread pool, so a few at a time use every core.
  const work = async () => {
    for (let file = compressible[done++]; file; file = compressible[done++]) {
      const body = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            // The best (slowest) level for hashed assets, compressed once and cached for a year; a
            // faster one for pages and data, which change with every build.
            [zlib.constants.BROTLI_PARAM_QUALITY]: file.startsWith(assets) ? 11 : 6,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: 9 }),
      ]);
      await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
    }
  };
  await Promise.all(Array.from({ length: 4 }, work));
  return { inlineScripts: new Set(hashes).size, compressed: compressible.length };
}
