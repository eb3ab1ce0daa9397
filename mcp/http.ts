/**
 * The Streamable HTTP transport at `/mcp`, stateless: every POST gets a fresh MCP server over the same
 * loaded site. In order: the SDK's Host-header check (DNS-rebinding protection), the Origin of browser
 * pages, POST to /mcp only, the per-client rate limit, the bound on requests in progress, the body limit,
 * one JSON-RPC message per request (no batches), then the SDK's transport.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type Response } from 'express';
import { hostHeaderValidation } from '@modelcontextprotocol/sdk/server/middleware/hostHeaderValidation.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { concurrencyLimit, originAllowed, rateLimiter } from './guards';
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
  /** Requests in progress at once, from all clients; more are refused with 503. */
  maxConcurrent: number;
  maxBodyBytes: number;
};

export type RunningHttp = { url: string; close(): Promise<void> };

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
  const app = express();
  app.disable('x-powered-by');
  app.use(hostHeaderValidation(options.allowedHosts));
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
    const wait = limiter.take(req.socket.remoteAddress ?? '');
    if (wait) return refuse(res, 429, 'Too many requests.', { headers: { 'retry-after': String(wait) } });
    // Held until the response closes (answered, failed or abandoned by the client), never longer.
    const release = inProgress.tryAcquire();
    if (!release)
      return refuse(res, 503, 'Server busy: too many requests in progress, retry shortly.', {
        headers: { 'retry-after': '1' },
      });
    res.on('close', release);
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
    const mcp = createServer(site, version);
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
