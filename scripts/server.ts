/**
 * `npm run serve`: a production build served as a static host serves it. `sirv` does the file serving
 * (content types, ETags and 304s, byte ranges, the precompressed copy chosen, streaming); this module
 * adds only what is this site's own: which request paths are valid, clean URLs and the `.html` and
 * `/index.html` redirects, the build's `_headers` on every response, encodings the client refused with
 * `q=0`, files reached through symlinks only while they stay inside the build, no dotfiles, and (with
 * the guard shared by the site's services, `core/net/guard.ts`) bounds on how long and how many
 * connections one client and all clients may hold.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import {
  DEFAULT_LIMITS,
  guardConnections,
  type ConnectionGuard,
  type ConnectionLimits,
} from '@services-manager-docs/core/net/guard';
import { CACHING_RULES } from '../plugins/static-host/host';

export type ServerOptions = {
  /** The built site. */
  root: string;
  /** The site's base URL; requests outside it are redirected to it. */
  baseUrl?: string;
  port?: number;
  host?: string;
  /** Connection limits; each defaults to `CONNECTION_LIMITS`. */
  limits?: Partial<ConnectionLimits>;
  /** Reverse proxies in front of this server: their connections count only towards the total cap. */
  trustedProxies?: string[];
};

export type { ConnectionLimits };

/**
 * The shared guard's limits (`core/net/guard.ts`) for a static site, whose requests are one line of
 * headers and no body: a client may hold 64 connections (a browser opens 6; readers behind one address
 * share the rest), 512 for all clients.
 */
export const CONNECTION_LIMITS: ConnectionLimits = {
  ...DEFAULT_LIMITS,
  perClient: 64,
  total: 512,
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 3_000,
  // Node answers a request past the limit with 503 to a client that ignores `Connection: close` (load
  // generators do): high enough for npm run bench:load, still an end to one connection's life.
  maxRequestsPerSocket: 10_000,
};

export type RunningServer = {
  url: string;
  server: http.Server;
  guard: ConnectionGuard;
  close: () => Promise<void>;
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

/** What static hosts send by default where `_headers` sets no caching. */
const REVALIDATE = 'public, max-age=0, must-revalidate';
const DEFAULT_RULES = parseHeaders(CACHING_RULES);

/** What a request path asks for: a file (by its decoded segments), a redirect, or nothing valid. */
export type PathRequest =
  | { kind: 'file'; segments: string[]; directory: boolean }
  | { kind: 'redirect'; location: string }
  | { kind: 'bad' };

const MAX_URL = 2048;
/** The longest file name most file systems allow, in bytes. */
const MAX_SEGMENT_BYTES = 255;

/**
 * The path layer, without the file system: validates a request target (`/docs/x?q=1`) and maps the
 * `.html` and `/index.html` forms to a same-origin redirect to the clean path. Only printable ASCII is
 * valid (browsers percent-encode everything else); a segment must be non-empty and must not decode to
 * `.`, `..`, or anything holding a slash, a backslash or a control character. A redirect is built from
 * the encoded segments, so it always starts with one slash followed by a path segment.
 */
export function parseRequestPath(target: string): PathRequest {
  const bad = { kind: 'bad' } as const;
  if (!target.startsWith('/') || target.length > MAX_URL || !/^[\x21-\x7e]*$/.test(target)) return bad;
  const query = target.indexOf('?');
  const rawPath = query === -1 ? target : target.slice(0, query);
  const search = query === -1 ? '' : target.slice(query);
  const raw = rawPath.slice(1).split('/');
  const directory = raw.at(-1) === '';
  if (directory) raw.pop();
  const segments: string[] = [];
  for (const part of raw) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return bad; // malformed or overlong UTF-8
    }
    if (
      !segment ||
      segment === '.' ||
      segment === '..' ||
      /[/\\]/.test(segment) ||
      [...segment].some((char) => char < ' ' || char === '\x7f') ||
      Buffer.byteLength(segment) > MAX_SEGMENT_BYTES
    )
      return bad;
    segments.push(segment);
  }
  const last = segments.at(-1);
  if (!directory && last && /\.html$/.test(last) && !(segments.length === 1 && last === '404.html')) {
    const stem = last === 'index.html' ? '' : last.slice(0, -'.html'.length);
    const parts = [...raw.slice(0, -1), ...(stem ? [encodeURIComponent(stem)] : [])];
    return { kind: 'redirect', location: `/${parts.join('/')}${search}` };
  }
  return { kind: 'file', segments, directory };
}

/** The host configuration files the build writes for its servers, never served as pages. */
const HOST_FILES = new Set(['_headers', '_nginx.conf']);

/** The real path of `file` if it is a regular file inside `root` (itself a real path), after symlinks. */
function containedFile(root: string, file: string): string | undefined {
  try {
    const real = fs.realpathSync(file);
    if (!real.startsWith(root + path.sep)) return undefined;
    return fs.statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined; // missing, a loop, a name too long, a file used as a folder...
  }
}

/**
 * The file a clean URL names, served the way static hosts serve a Docusaurus build: `x` from `x`,
 * `x/index.html` or `x.html`; `x/` only from `x/index.html`. Undefined when there is none in `root`.
 */
export function findFile(root: string, segments: string[], directory: boolean): string | undefined {
  // Dotfiles and dot-folders (`.env`, `.git/config`) are never part of the site, even when in the build.
  if (segments.some((segment) => segment.startsWith('.'))) return undefined;
  const base = path.join(root, ...segments);
  const index = path.join(base, 'index.html');
  const candidates = directory || !segments.length ? [index] : [base, index, `${base}.html`];
  for (const candidate of candidates) {
    const file = containedFile(root, candidate);
    if (file && !HOST_FILES.has(path.relative(root, file))) return candidate;
  }
  return undefined;
}

/** The encodings a client accepts among ours, by `Accept-Encoding`, refusing any with `q=0`. */
export function acceptedEncodings(header: string): Set<'br' | 'gzip'> {
  const accepted = new Set<'br' | 'gzip'>();
  let star = false;
  const refused = new Set<string>();
  for (const item of header.toLowerCase().split(',')) {
    const [name, ...params] = item.split(';').map((part) => part.trim());
    const q = params.find((param) => /^q\s*=/.test(param));
    const weight = q ? Number(q.replace(/^q\s*=\s*/, '')) : 1;
    if (!(weight > 0)) refused.add(name);
    else if (name === '*') star = true;
    else if (name === 'br' || name === 'gzip') accepted.add(name);
  }
  if (star) for (const name of ['br', 'gzip'] as const) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

/**
 * A `Range` header made safe for `sirv` against a file of `size` bytes: one `bytes=start-end` range,
 * `null` to answer 416, or undefined to serve the whole file (no range, several, or one not understood,
 * which HTTP says to ignore).
 */
export function normalizeRange(header: string | undefined, size: number): string | null | undefined {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2]) || size === 0) return undefined;
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    if (match[2] && Number(match[2]) < start) return undefined;
  }
  if (!Number.isSafeInteger(start) || start >= size) return null;
  return `bytes=${start}-${end}`;
}

const TEXT_TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.xml': 'application/xml',
};

/** The request handler for the build in `root`. */
export function createHandler(
  rootDir: string,
  baseUrl = '/',
): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  const root = fs.realpathSync(rootDir);
  const headersFile = containedFile(root, path.join(root, '_headers'));
  const rules = headersFile ? parseHeaders(fs.readFileSync(headersFile, 'utf8')) : DEFAULT_RULES;
  // `dev` looks files up on each request (a build may change while served); with no extensions it
  // serves exactly the file it is given or that file's `.br`/`.gz` copy.
  const serveFile = sirv(root, { dev: true, etag: true, brotli: true, gzip: true, extensions: [] });

  const send = (
    res: http.ServerResponse,
    status: number,
    headers: Record<string, string>,
    body: string | Buffer = '',
  ) => {
    res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }).end(body);
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const target = req.url ?? '';
    const base = baseUrl.replace(/\/$/, '');
    const inside = target === base || target.startsWith(`${base}/`) || target.startsWith(`${base}?`);
    const request: PathRequest | undefined = !target.startsWith('/')
      ? { kind: 'bad' }
      : inside
        ? parseRequestPath(target.slice(base.length) || '/')
        : undefined;
    const sitePath = request?.kind === 'file' ? `/${request.segments.join('/')}` : '/';
    const common = { ...headersFor(rules, sitePath), 'Cache-Control': 'no-store' };
    const text = { ...common, 'Content-Type': 'text/plain; charset=utf-8' };

    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, { ...text, Allow: 'GET, HEAD' }, 'Method not allowed\n');
    if (!request) return send(res, 302, { ...common, Location: baseUrl });
    if (request.kind === 'bad') return send(res, 400, text, 'Bad request\n');
    if (request.kind === 'redirect')
      return send(res, 301, { ...common, Location: `${base}${request.location}` });

    const file = findFile(root, request.segments, request.directory);
    if (!file) {
      const page = containedFile(root, path.join(root, '404.html'));
      const body = page ? fs.readFileSync(page) : 'Not found\n';
      return send(res, 404, { ...common, 'Content-Type': 'text/html; charset=utf-8' }, body);
    }

    // Only the copies that exist inside the build, of encodings the client accepts.
    const accepted = acceptedEncodings(String(req.headers['accept-encoding'] ?? ''));
    const encodings = (['br', 'gzip'] as const).filter(
      (name) => accepted.has(name) && containedFile(root, `${file}.${name === 'br' ? 'br' : 'gz'}`),
    );
    req.headers['accept-encoding'] = encodings.join(', ');
    const chosen = encodings.length ? `${file}.${encodings[0] === 'br' ? 'br' : 'gz'}` : file;
    const range = req.headers['if-range']
      ? undefined
      : normalizeRange(req.headers.range, fs.statSync(chosen).size);
    if (range === null)
      return send(res, 416, { ...text, 'Content-Range': `bytes */${fs.statSync(chosen).size}` });
    if (range) req.headers.range = range;
    else delete req.headers.range;

    const sitePathOfFile = `/${path.relative(root, file).split(path.sep).join('/')}`;
    res.setHeader('Cache-Control', REVALIDATE);
    for (const [name, value] of Object.entries(headersFor(rules, sitePath))) res.setHeader(name, value);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Accept-Ranges', 'bytes');
    const type = TEXT_TYPES[path.extname(file)];
    if (type) res.setHeader('Content-Type', `${type}; charset=utf-8`);
    // A file that disappears between the check and the read ends that response, not the process.
    res.once('pipe', (source) => source.on('error', () => res.destroy()));
    req.url = encodeURI(sitePathOfFile);
    serveFile(req, res, () => {
      res.removeHeader('Accept-Ranges');
      send(res, 404, { ...common, 'Content-Type': 'text/plain; charset=utf-8' }, 'Not found\n');
    });
  };

  return (req, res) => {
    try {
      handle(req, res);
    } catch {
      if (!res.headersSent) {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        send(res, 500, { ...headersFor(rules, '/'), 'Cache-Control': 'no-store' }, 'Server error\n');
      } else res.destroy();
    }
  };
}

/** Serves the build in `root` on `host:port` (an ephemeral port by default). */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  const baseUrl = options.baseUrl ?? '/';
  const host = options.host ?? '127.0.0.1';
  const server = http.createServer(createHandler(path.resolve(options.root), baseUrl));
  const guard = guardConnections(
    server,
    { ...CONNECTION_LIMITS, ...options.limits },
    { trustedProxies: options.trustedProxies, label: 'TRUSTED_PROXIES' },
  );
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${port}${baseUrl}`.replace(/\/$/, ''),
        server,
        guard,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
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
    trustedProxies: (process.env.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  }).then(({ url }) => console.log(`Serving ${root} at ${url}/`));
}
