import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import compression from 'compression';

export type ServerOptions = {
  /** The built site. */
  root: string;
  /** The site's base URL; requests outside it are redirected to it. */
  baseUrl?: string;
  port?: number;
  host?: string;
  /** Extra files served at fixed site-relative paths (the end-to-end suite's stand-ins). */
  files?: Record<string, string>;
};

export type RunningServer = { url: string; close: () => Promise<void> };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.csv': 'text/csv; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export type HeaderRule = { pattern: RegExp; headers: [string, string][] };

/**
 * Reads a `_headers` file (the format of Netlify and Cloudflare Pages): a path pattern on its own line,
 * `*` matching anything, then its headers indented below it. Every matching rule applies, later ones
 * overriding earlier ones.
 */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*');
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon === -1 || !rules.length) throw new Error(`_headers: cannot read the line "${line.trim()}"`);
    rules.at(-1)!.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

export function headersFor(rules: HeaderRule[], sitePath: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules)
    if (rule.pattern.test(sitePath)) for (const [name, value] of rule.headers) headers[name] = value;
  return headers;
}

/**
 * Caching: hashed build assets are kept for a year; everything else is revalidated (REVALIDATE, what
 * static hosts send by default). No path gets Cache-Control from two rules, since hosts that read
 * `_headers` join the values of every matching rule.
 */
export const CACHING_RULES = `/assets/*
  Cache-Control: public, max-age=31536000, immutable
/sw.js
  Cache-Control: no-cache
  Service-Worker-Allowed: /
`;
const REVALIDATE = 'public, max-age=0, must-revalidate';
const DEFAULT_RULES = parseHeaders(CACHING_RULES);

/** The precompressed copy of a file the client accepts, brotli first. */
function precompressed(
  file: string,
  acceptEncoding: string,
): { file: string; encoding?: string; size?: number } {
  for (const [encoding, extension] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]) {
    if (!new RegExp(`\\b${encoding}\\b`).test(acceptEncoding)) continue;
    const stat = fs.statSync(file + extension, { throwIfNoEntry: false });
    if (stat?.isFile()) return { file: file + extension, encoding, size: stat.size };
  }
  return { file };
}

const isFile = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

export type Resolution = { file: string; status: 200 | 404 } | { redirect: string };

/**
 * Maps a site path to a file the way static hosts do for a Docusaurus build: `x.html` and
 * `x/index.html` are redirected to the clean `x`; `x` is served from `x`, `x/index.html` or `x.html`.
 */
export function resolvePath(root: string, sitePath: string): Resolution {
  if (sitePath.endsWith('/index.html')) return { redirect: sitePath.slice(0, -'/index.html'.length) || '/' };
  if (sitePath.endsWith('.html') && sitePath !== '/404.html')
    return { redirect: sitePath.slice(0, -'.html'.length) };
  const target = path.join(root, sitePath);
  if (!target.startsWith(root)) return { file: path.join(root, '404.html'), status: 404 };
  for (const candidate of [target, path.join(target, 'index.html'), `${target.replace(/\/$/, '')}.html`]) {
    if (isFile(candidate)) return { file: candidate, status: 200 };
  }
  return { file: path.join(root, '404.html'), status: 404 };
}

/**
 * Serves a production build as a static host does: clean URLs, the build's `_headers` (security headers
 * and caching), precompressed brotli or gzip copies where the build has them and compression on the fly
 * otherwise, ETags for revalidation, and the 404 page.
 */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  const baseUrl = options.baseUrl ?? '/';
  const root = path.resolve(options.root);
  const headersFile = path.join(root, '_headers');
  const rules = isFile(headersFile) ? parseHeaders(fs.readFileSync(headersFile, 'utf8')) : DEFAULT_RULES;
  const compress = compression();
  const server = http.createServer((req, res) => {
    compress(req as never, res as never, () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!url.pathname.startsWith(baseUrl)) {
        res.writeHead(302, { Location: baseUrl }).end();
        return;
      }
      let sitePath: string;
      try {
        sitePath = decodeURIComponent('/' + url.pathname.slice(baseUrl.length));
      } catch {
        res.writeHead(400).end('Bad request');
        return;
      }
      const extra = options.files?.[sitePath];
      const resolved: Resolution = extra ? { file: extra, status: 200 } : resolvePath(root, sitePath);
      if ('redirect' in resolved) {
        res.writeHead(301, { Location: `${baseUrl}${resolved.redirect.slice(1)}${url.search}` }).end();
        return;
      }
      const headers: Record<string, string> = {
        'Cache-Control': REVALIDATE,
        ...headersFor(rules, sitePath),
        ...(extra ? { 'Cache-Control': 'no-cache' } : {}),
        'Content-Type': TYPES[path.extname(resolved.file)] ?? 'application/octet-stream',
        Vary: 'Accept-Encoding',
      };
      const stat = fs.statSync(resolved.file);
      const etag = `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
      if (resolved.status === 200) {
        headers.ETag = etag;
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, headers).end();
          return;
        }
      }
      const body = precompressed(resolved.file, String(req.headers['accept-encoding'] ?? ''));
      if (body.encoding) {
        headers['Content-Encoding'] = body.encoding;
        headers['Content-Length'] = String(body.size);
      }
      res.writeHead(resolved.status, headers);
      if (req.method === 'HEAD') res.end();
      else fs.createReadStream(body.file).pipe(res);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${options.host ?? '127.0.0.1'}:${port}${baseUrl}`.replace(/\/$/, ''),
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

// `npm run serve`: serve ./build on PORT (default 3000).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const root = path.resolve(process.argv[2] ?? 'build');
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`No build found in ${root}. Run "npm run build" first.`);
    process.exit(1);
  }
  void startServer({
    root,
    baseUrl: process.env.DOCS_BASE_URL || '/',
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '127.0.0.1',
  }).then(({ url }) => console.log(`Serving ${root} at ${url}/`));
}
