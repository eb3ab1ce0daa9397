/**
 * The Streamable HTTP transport at `/mcp`, stateless: every POST gets a fresh MCP server over the same
 * loaded site. Host, origin and rate-limit checks run first; the SDK's transport enforces the body limit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { hostAllowed, originAllowed, rateLimiter } from './guards';
import { createServer } from './server';
import type { Site } from './site';

export type HttpOptions = {
  host: string;
  port: number;
  /** Host names (without port) a request may address this server by. */
  allowedHosts: string[];
  /** Origins browser pages may call from (`http://localhost:*` for any port, `*` for any). */
  allowedOrigins: string[];
  /** Requests per minute per client address; 0 turns the limit off. */
  rateLimit: number;
  maxBodyBytes: number;
};

export type RunningHttp = { url: string; close(): Promise<void> };

function refuse(
  res: http.ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

export async function startHttp(site: Site, version: string, options: HttpOptions): Promise<RunningHttp> {
  const limiter = rateLimiter(options.rateLimit);
  const server = http.createServer(async (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== '/mcp') return refuse(res, 404, 'Not found: the MCP endpoint is /mcp.');
    if (!hostAllowed(req.headers.host, options.allowedHosts)) return refuse(res, 403, 'Host not allowed.');
    if (!originAllowed(req.headers.origin, options.allowedOrigins))
      return refuse(res, 403, 'Origin not allowed.');
    if (req.method !== 'POST')
      return refuse(res, 405, 'Method not allowed: this server is stateless, send POST.', { allow: 'POST' });
    const wait = limiter.take(req.socket.remoteAddress ?? '');
    if (wait) return refuse(res, 429, 'Too many requests.', { 'retry-after': String(wait) });

    const mcp = createServer(site, version);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: options.maxBodyBytes,
    });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    try {
      await mcp.connect(transport);
      await transport.handleRequest(req, res);
    } catch {
      if (!res.headersSent) refuse(res, 500, 'Internal error.');
      else res.end();
    }
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
