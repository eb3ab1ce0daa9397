/**
 * Serves a production build for the benchmarks, with a stand-in for the web-analytics script, which
 * production hosts serve and a build does not contain (a missing script logs a console error, which
 * Lighthouse counts against best practices). Requests for it are answered here; everything else goes to
 * the static server unchanged.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '../server';
import { DEFAULT_OPTIONS } from '../../plugins/analytics/options';

export const ANALYTICS_PATH = DEFAULT_OPTIONS.src;
export const ANALYTICS_STAND_IN = 'window.__insightsStandIn = { loaded: true };\n';

export async function serveBuild(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const site = await startServer({ root });
  const upstream = new URL(site.url);
  const proxy = http.createServer((request, response) => {
    if (request.url?.split('?')[0] === ANALYTICS_PATH) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(ANALYTICS_STAND_IN);
      return;
    }
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await site.close();
    },
  };
}
