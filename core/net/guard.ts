/**
 * The connection guard of the three servers (the static server, the Ask AI proxy, the MCP server): how
 * many connections one client and all clients may hold open, and how long a connection may take to send
 * its headers and its request, sit idle between requests or stall. Without it, one client that opens
 * sockets and sends nothing holds them until Node's defaults (a minute, checked every 30 s) close them;
 * with enough of them the server runs out of file descriptors (the Ask AI proxy did, at about 22,000) or
 * its global cap (256 on the static server) turns everyone else away.
 */
import type http from 'node:http';
import type net from 'node:net';
import { addressList, clientKey } from './clients';

export type ConnectionLimits = {
  /**
   * Connections one client may hold open at once: an address, an IPv6 client by its /64 network, an IPv4
   * address reached through IPv6 (mapped, NAT64) as that address. More are closed as soon as they are
   * accepted. Browsers open at most six per site.
   */
  perClient: number;
  /** Connections open at once from all clients; more are closed as soon as they are accepted. */
  total: number;
  /** A request's headers must be complete this long after the connection opened or its last request ended (408). */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived by then (408). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed this long after its last response. */
  keepAliveTimeoutMs: number;
  /** Requests one keep-alive connection may carry; the last one is answered with `Connection: close`. */
  maxRequestsPerSocket: number;
  /** A connection on which nothing moves either way for this long is closed (a reader that stopped reading). */
  idleTimeoutMs: number;
};

/**
 * Defaults for a server whose requests are small and whose answers are quick. Each server adjusts them
 * (the Ask AI proxy streams for up to a minute, so its idle time-out follows the model's silence limit).
 */
export const DEFAULT_LIMITS: ConnectionLimits = {
  perClient: 16,
  total: 512,
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxRequestsPerSocket: 1_000,
  idleTimeoutMs: 30_000,
};

/** Node reads this option of `http.createServer` from the server when it starts listening; untyped. */
export type CheckedServer = http.Server & { connectionsCheckingInterval: number };

export type GuardOptions = {
  /**
   * Addresses or subnets of reverse proxies in front of the server: all clients reach it through them, so
   * their connections count only towards `total`, never against `perClient` (the reverse proxy caps each
   * client itself).
   */
  trustedProxies?: readonly string[];
  /** Names the setting of `trustedProxies` in the error for a bad entry. */
  label?: string;
};

export type ConnectionGuard = {
  readonly limits: ConnectionLimits;
  /** Connections open now, in all. */
  open(): number;
  /** Connections open now from the client of `address`. */
  openFrom(address: string): number;
  /** Connections closed at once because a cap was reached, since the server started. */
  refused(): number;
};

/**
 * Applies `limits` to `server` (before it listens): Node's time-outs, the keep-alive limit, and a count of
 * open connections per client and in all that closes a connection past either cap as soon as it is
 * accepted, before a byte of it is read.
 */
export function guardConnections(
  server: http.Server,
  limits: Partial<ConnectionLimits> = {},
  options: GuardOptions = {},
): ConnectionGuard {
  if (server.listening) throw new Error('guardConnections: call it before the server listens.');
  const settings = { ...DEFAULT_LIMITS, ...limits };
  for (const [name, value] of Object.entries(settings))
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`Connection limit ${name} must be a whole number, not ${value}.`);
  if (settings.perClient < 1 || settings.total < 1)
    throw new Error('Connection limits perClient and total must be at least 1.');
  if (settings.requestTimeoutMs && settings.headersTimeoutMs > settings.requestTimeoutMs)
    throw new Error('Connection limit headersTimeoutMs must not be longer than requestTimeoutMs.');
  const trusted = addressList(options.trustedProxies ?? [], options.label ?? 'trusted proxies');

  server.headersTimeout = settings.headersTimeoutMs;
  server.requestTimeout = settings.requestTimeoutMs;
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
  server.timeout = settings.idleTimeoutMs;
  // How often Node looks for connections past the header and request time-outs (30 s by default, which
  // let a silent connection live up to 90 s); read when the server starts listening.
  (server as CheckedServer).connectionsCheckingInterval = Math.max(
    10,
    Math.min(1_000, Math.floor(settings.headersTimeoutMs / 4)),
  );

  let open = 0;
  let refused = 0;
  const perClient = new Map<string, number>();
  server.on('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress ?? '';
    const key = trusted.has(address) ? undefined : clientKey(address);
    const held = key === undefined ? 0 : (perClient.get(key) ?? 0);
    if (open >= settings.total || held >= settings.perClient) {
      refused++;
      socket.destroy();
      return;
    }
    open++;
    if (key !== undefined) perClient.set(key, held + 1);
    socket.once('close', () => {
      open--;
      if (key === undefined) return;
      const left = (perClient.get(key) ?? 1) - 1;
      if (left > 0) perClient.set(key, left);
      else perClient.delete(key);
    });
  });

  return {
    limits: settings,
    open: () => open,
    openFrom: (address) => perClient.get(clientKey(address)) ?? 0,
    refused: () => refused,
  };
}
