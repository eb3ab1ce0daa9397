/**
 * What the HTTP transport checks before a request reaches the MCP server, besides the Host header (the
 * SDK's hostHeaderValidation: a page on another site that rebinds its DNS name to this machine still
 * sends its own name): the Origin of browser requests, a per-client rate limit and a bound on the
 * requests in progress.
 */
import net from 'node:net';

/** Whether a bind address only accepts connections from this machine. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  return bare === '::1' || /^::ffff:127\./.test(bare);
}

/** The host names a loopback server answers to by default (the SDK's hostHeaderValidation checks them). */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

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

/**
 * At most `max` holders at once: `tryAcquire` answers a release function (calling it again does
 * nothing), or undefined when all are taken.
 */
export function concurrencyLimit(max: number) {
  let active = 0;
  return {
    get active() {
      return active;
    },
    tryAcquire(): (() => void) | undefined {
      if (active >= max) return undefined;
      active += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        active -= 1;
      };
    },
  };
}
