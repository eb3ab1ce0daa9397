/**
 * The Streamable HTTP transport at `/mcp`, stateless: every POST gets a fresh MCP server over the same
 * loaded site. Connections are bounded per client and in all by the guard the site's servers share. A
 * request then meets, in order: the Host header and request target (DNS-rebinding protection), the
 * Origin of browser pages, POST to /mcp only, the per-client rate limit, the body limit, one JSON-RPC
 * message per request (no batches), the bound on work in progress (light methods such as `tools/list`
 * are not counted), then the SDK's transport. Searches run in worker threads (./searchPool), so the
 * requests of other clients never wait for them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { clientAddress, clientKey } from '@services-manager-docs/core/net/clients';
import { guardConnections } from '@services-manager-docs/core/net/guard';
import { concurrencyLimit, hostAllowed, isLightMethod, originAllowed, rateLimiter } from './guards';
import { searchPool, type SearchPool } from './searchPool';
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
  /** Requests in progress at once that do work (tool calls, reads), from all clients; more get 503. */
  maxConcurrent: number;
  maxBodyBytes: number;
  /**
   * Reverse proxies in front of this server (addresses or subnets): only from them is `X-Forwarded-For`
   * read, and their connections count only towards `maxConnections`.
   */
  trustedProxies?: string[];
  /** Connections one client may hold open at once (default 16), and all clients (default 256). */
  maxConnectionsPerClient?: number;
  maxConnections?: number;
  /**
   * The build whose index `searchWorkers` threads search (./searchPool); without it, or with 0 threads,
   * the site's own search runs on the main thread.
   */
  buildDir?: string;
  searchWorkers?: number;
};

export const CONNECTION_DEFAULTS = { maxConnectionsPerClient: 16, maxConnections: 256 };

export type RunningHttp = { url: string; server: http.Server; close(): Promise<void> };

/** JSON-RPC's "Invalid Request", and the server error code the SDK's transport answers with. */
const INVALID_REQUEST = -32600;
const PARSE_ERROR = -32700;
const SERVER_ERROR = -32000;

function refuse(
  res: Response,
  status: number,
  message: string,
  { code = SERVER_ERROR, headers = {} }: { code?: number; headers?: Record<string, string> } = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

export async function startHttp(site: Site, version: string, options: HttpOptions): Promise<RunningHttp> {
  const limiter = rateLimiter(options.rateLimit);
  const inProgress = concurrencyLimit(options.maxConcurrent);
  const clientOf = clientAddress(options.trustedProxies ?? [], '--trusted-proxies');
  const pool: SearchPool | undefined =
    options.buildDir && options.searchWorkers
      ? searchPool(options.buildDir, { workers: options.searchWorkers })
      : undefined;
  const served: Site = pool ? { ...site, search: pool } : site;
  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    if (!hostAllowed(req.headers.host, req.url, options.allowedHosts))
      return refuse(res, 403, `Invalid Host: ${String(req.headers.host ?? '')}`.slice(0, 200));
    next();
  });
  app.use((req, res, next) => {
    if (!originAllowed(req.headers.origin, options.allowedOrigins))
      return refuse(res, 403, 'Origin not allowed.');
    next();
  });
  app.all('/mcp', (req, res, next) => {
    if (req.method !== 'POST')
      return refuse(res, 405, 'Method not allowed: this server is stateless, send POST.', {
        headers: { allow: 'POST' },
      });
    const wait = limiter.take(clientKey(clientOf(req)));
    if (wait) return refuse(res, 429, 'Too many requests.', { headers: { 'retry-after': String(wait) } });
    next();
  });
  // Bodies that are not JSON are left to the transport, which refuses them with 415.
  app.post('/mcp', express.json({ limit: options.maxBodyBytes }), async (req, res) => {
    // MCP 2025-06-18 removed JSON-RPC batching: a request carries one message. A batch would also run
    // all its calls for the price of one request against the rate limit and the bound above.
    if (Array.isArray(req.body))
      return refuse(res, 400, 'Invalid Request: send one JSON-RPC message per request, not a batch.', {
        code: INVALID_REQUEST,
      });
    // Work (a tool call, a read) is held until the response closes (answered, failed or abandoned by
    // the client), never longer; the lists and the handshake pass even while searches fill the bound.
    if (!isLightMethod((req.body as { method?: unknown } | undefined)?.method)) {
      const release = inProgress.tryAcquire();
      if (!release)
        return refuse(res, 503, 'Server busy: too many requests in progress, retry shortly.', {
          headers: { 'retry-after': '1' },
        });
      res.on('close', release);
    }
    const mcp = createServer(served, version);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: options.maxBodyBytes,
    });
    res.on('close', () => {
      transport.close().catch(() => undefined);
      mcp.close().catch(() => undefined);
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.use((_req, res) => refuse(res, 404, 'Not found: the MCP endpoint is /mcp.'));
  // The body parser's refusals (too large, not JSON) and anything a handler throws end here.
  const errors: ErrorRequestHandler = (error: { status?: number; type?: string }, _req, res, _next) => {
    if (res.headersSent) return void res.end();
    if (error.status === 413)
      return refuse(res, 413, `Payload too large: at most ${options.maxBodyBytes} bytes.`);
    if (error.type === 'entity.parse.failed')
      return refuse(res, 400, 'Parse error: invalid JSON.', { code: PARSE_ERROR });
    if (error.status && error.status >= 400 && error.status < 500)
      return refuse(res, error.status, 'Bad request.');
    refuse(res, 500, 'Internal error.');
  };
  app.use(errors);

  const server = http.createServer(app);
  // The guard shared by the site's servers: a request is a small JSON body, answered in seconds.
  guardConnections(
    server,
    {
      perClient: options.maxConnectionsPerClient ?? CONNECTION_DEFAULTS.maxConnectionsPerClient,
      total: options.maxConnections ?? CONNECTION_DEFAULTS.maxConnections,
      headersTimeoutMs: 5_000,
      requestTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      maxRequestsPerSocket: 1_000,
      idleTimeoutMs: 30_000,
    },
    { trustedProxies: options.trustedProxies, label: '--trusted-proxies' },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
  } catch (error) {
    await pool?.close();
    throw error;
  }
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/mcp`,
    server,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await pool?.close();
    },
  };
}
