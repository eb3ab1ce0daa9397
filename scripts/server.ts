import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import serveHandler from 'serve-handler';

export type ServerOptions = {
  /** The built site. */
  root: string;
  /** The site's base URL; requests outside it get the not-found page. */
  baseUrl?: string;
  port?: number;
  host?: string;
  /** Extra files served at fixed site-relative paths (the end-to-end suite's stand-ins). */
  files?: Record<string, string>;
};

export type RunningServer = { url: string; close: () => Promise<void> };

const compress = compression();

/** Hashed build assets never change under the same name; everything else must be revalidated. */
export function cacheControlFor(pathname: string): string {
  return /^\/(assets|img)\/.*[.-][0-9a-f]{8,}\./.test(pathname) || pathname.startsWith('/assets/')
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
}

/** Serves a production build the way a static host does: clean URLs, gzip, caching headers, a 404 page. */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  const baseUrl = options.baseUrl ?? '/';
  const server = http.createServer((req, res) => {
    compress(req as never, res as never, () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!url.pathname.startsWith(baseUrl)) {
        res.writeHead(302, { Location: baseUrl });
        res.end();
        return;
      }
      const sitePath = '/' + url.pathname.slice(baseUrl.length);
      const extra = options.files?.[sitePath];
      if (extra) {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
        fs.createReadStream(extra).pipe(res);
        return;
      }
      res.setHeader('Cache-Control', cacheControlFor(sitePath));
      req.url = sitePath + url.search;
      void serveHandler(req, res, {
        public: options.root,
        cleanUrls: true,
        trailingSlash: false,
        directoryListing: false,
      });
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
