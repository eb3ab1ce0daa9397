/**
 * What the HTTP transport checks before a request reaches the MCP server: the Host header (a page on
 * another site that rebinds its DNS name to this machine still sends its own name), the Origin of browser
 * requests, and a per-client rate limit.
 */
import net from 'node:net';

/** Whether a bind address only accepts connections from this machine. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  return bare === '::1' || /^::ffff:127\./.test(bare);
}

/** The host name of a Host header, without port; IPv6 keeps its brackets. */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d*$/, '');
}

export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** A request names this server by one of the allowed host names (any port). */
export function hostAllowed(header: string | undefined, allowed: readonly string[]): boolean {
  return Boolean(header) && allowed.includes(hostName(header!));
}

/**
 * Clients that are not browsers send no Origin and pass; a browser page must be on an allowed origin.
 * `http://localhost:*` style entries allow any port of that host; `*` allows any origin.
 */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin !== origin.replace(/\/$/, '')) return false;
  return allowed.some((entry) => {
    if (entry === '*') return true;
    if (entry.endsWith(':*')) return `${parsed.protocol}//${parsed.hostname}` === entry.slice(0, -2);
    return parsed.origin === entry.replace(/\/$/, '');
  });
}

export const LOOPBACK_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'];

/**
 * At most `limit` requests per client in each `windowMs` window; `take` answers 0 when a request may
 * proceed, else the seconds until the client's window ends. `limit` 0 turns the limit off.
 */
export function rateLimiter(limit: number, windowMs = 60_000, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(client: string): number {
      if (limit <= 0) return 0;
      const time = now();
      if (windows.size > 10_000)
        for (const [key, window] of windows) if (time - window.start >= windowMs) windows.delete(key);
      let window = windows.get(client);
      if (!window || time - window.start >= windowMs)
        windows.set(client, (window = { start: time, count: 0 }));
      if (window.count >= limit) return Math.max(1, Math.ceil((window.start + windowMs - time) / 1000));
      window.count += 1;
      return 0;
    },
  };
}
