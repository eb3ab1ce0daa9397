/**
 * What the HTTP transport checks before a request reaches the MCP server: the Host header and request
 * target (DNS rebinding), the Origin of browser requests, a per-client rate limit and a bound on the
 * work in progress. Connections are bounded by the guard every server of the site shares
 * (`core/net/guard.ts`).
 */
import net from 'node:net';

/** Whether a bind address only accepts connections from this machine. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  return bare === '::1' || /^::ffff:127\./.test(bare);
}

/** The host names a loopback server answers to by default. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether a request names this server (DNS-rebinding protection: a page on another site that rebinds its
 * name to this machine still sends its own name). The `Host` header must be one of `allowed`, written
 * exactly (any case), with an optional port: the SDK's own check reads it as a URL does, so `127.1`,
 * `2130706433` or `0x7f.1` passed as 127.0.0.1. The request target must be a path: an absolute URI
 * (`POST http://evil.example/mcp`) names its own host, which HTTP says wins over the header.
 */
export function hostAllowed(host: string | undefined, target: string, allowed: readonly string[]): boolean {
  if (!host || !target.startsWith('/') || target.startsWith('//')) return false;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host);
  if (!match || (match[2] !== undefined && Number(match[2]) > 65535)) return false;
  const name = match[1].toLowerCase();
  return allowed.some((entry) => entry.toLowerCase() === name);
}

/**
 * JSON-RPC methods that cost next to nothing (the lists, the handshake, notifications): they are not
 * counted against the bound on work in progress, so a flood of searches never keeps a client from
 * listing the tools.
 */
export function isLightMethod(method: unknown): boolean {
  return (
    typeof method === 'string' &&
    (method.startsWith('notifications/') ||
      [
        'initialize',
        'ping',
        'tools/list',
        'resources/list',
        'resources/templates/list',
        'prompts/list',
      ].includes(method))
  );
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
