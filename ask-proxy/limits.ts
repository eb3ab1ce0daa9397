/**
 * Who a request comes from, and how much it may use: a per-client limit and a global budget of
 * answers and model tokens per minute and per day, counted with rate-limiter-flexible. The counts live
 * in this process's memory, or, with `ASK_REDIS_URL`, in Redis, where every instance behind a load
 * balancer shares them. Every window opens with its first use, not on the clock's minute or day.
 */
import net from 'node:net';
import type http from 'node:http';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

export type LimitSettings = {
  rateLimit: number;
  globalPerMinute: number;
  globalPerDay: number;
  tokensPerMinute: number;
  tokensPerDay: number;
};

/** The store could not be asked (Redis down or too slow): the proxy refuses rather than count nothing. */
export class LimitStoreError extends Error {}

/** A Redis connection for the limits: commands fail fast while Redis is away instead of queueing. */
export function limitStore(url: string, onError: (message: string) => void): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2000, connectTimeout: 2000 });
  // Reported once per outage, not once per reconnection attempt.
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) onError(`Redis for the limits is unreachable: ${error.message}`);
    down = true;
  });
  redis.on('ready', () => (down = false));
  return redis;
}

type Window = { limiter: RateLimiterAbstract; key: string };

/** Seconds until `res`'s window renews, at least 1. */
const waitOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

async function attempt<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof RateLimiterRes) throw error;
    throw new LimitStoreError((error as Error)?.message ?? String(error));
  }
}

/** Spends `amount` from every window, or from none when one is spent (returning its wait in seconds). */
async function spend(windows: Window[], amount: number): Promise<number> {
  const taken: Window[] = [];
  for (const window of windows) {
    try {
      await attempt(() => window.limiter.consume(window.key, amount));
      taken.push(window);
    } catch (error) {
      // A refused consume still counted: give it back, and what the other windows took.
      if (error instanceof RateLimiterRes) taken.push(window);
      await Promise.all(taken.map((item) => item.limiter.reward(item.key, amount))).catch(() => undefined);
      if (error instanceof RateLimiterRes) return waitOf(error);
      throw error;
    }
  }
  return 0;
}

/** Gives back up to `amount` in every window, never more than the window has counted. */
async function giveBack(windows: Window[], amount: number) {
  await Promise.all(
    windows.map(async ({ limiter, key }) => {
      const counted = (await limiter.get(key))?.consumedPoints ?? 0;
      const back = Math.min(amount, counted);
      if (back > 0) await limiter.reward(key, back);
    }),
  );
}

/**
 * The limits: `client(key)` records an answer for a client, `reserve(tokens)` one answer of at most
 * `tokens` model tokens from the global budgets, `refund` gives back what was reserved and not used.
 * Each returns 0, or the seconds to wait; each rejects with LimitStoreError when Redis cannot be asked.
 * A limit of 0 is off.
 */
export function createLimits(settings: LimitSettings, redis?: Redis) {
  const window = (points: number, duration: number, name: string): Window[] => {
    if (points <= 0) return [];
    const options = { points, duration, keyPrefix: `ask-proxy:${name}` };
    const limiter = redis
      ? new RateLimiterRedis({ ...options, storeClient: redis })
      : new RateLimiterMemory(options);
    return [{ limiter, key: 'all' }];
  };
  const perClient = window(settings.rateLimit, MINUTE, 'client')[0]?.limiter;
  const answers = [
    ...window(settings.globalPerMinute, MINUTE, 'answers-minute'),
    ...window(settings.globalPerDay, DAY, 'answers-day'),
  ];
  const tokens = [
    ...window(settings.tokensPerMinute, MINUTE, 'tokens-minute'),
    ...window(settings.tokensPerDay, DAY, 'tokens-day'),
  ];
  return {
    async client(key: string): Promise<number> {
      if (!perClient) return 0;
      try {
        await attempt(() => perClient.consume(key));
        return 0;
      } catch (error) {
        if (error instanceof RateLimiterRes) return waitOf(error);
        throw error;
      }
    },
    async reserve(tokenCount: number): Promise<number> {
      const wait = await spend(answers, 1);
      if (wait) return wait;
      const tokenWait = await spend(tokens, tokenCount);
      if (tokenWait) await giveBack(answers, 1);
      return tokenWait;
    },
    /** Gives back unused tokens, and with `answer` the answer itself (nothing was asked of the model). */
    async refund(tokenCount: number, answer = false): Promise<void> {
      await attempt(() =>
        Promise.all([giveBack(tokens, tokenCount), answer ? giveBack(answers, 1) : undefined]),
      );
    },
  };
}

export type Limits = ReturnType<typeof createLimits>;

/** Model tokens in a text, estimated as providers' tokenizers average for English: four characters. */
export const tokensIn = (text: string) => Math.ceil(text.length / 4);

const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/** The eight groups of an IPv6 address, written out in full. */
function ipv6Groups(address: string): string[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = Array(8 - left.length - right.length).fill('0');
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((group) => group.padStart(4, '0'));
}

/**
 * The key a client is counted under: an IPv4 address as is, an IPv6 address by its /64 network, the
 * block one subscriber usually gets whole (so rotating addresses inside it earns no extra answers).
 */
export function clientKey(address: string): string {
  const ip = plain(address);
  if (!net.isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/**
 * The client's address: the connection's, or, when the connection comes from a trusted reverse proxy,
 * the last address of `X-Forwarded-For` that is not itself a trusted proxy (earlier ones are the
 * client's own say-so).
 */
export function clientAddress(trustedProxies: string[]) {
  const trusted = new net.BlockList();
  for (const entry of trustedProxies) {
    const [address, prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!net.isIP(address))
      throw new Error(`ASK_TRUSTED_PROXIES: "${entry}" is not an IP address or subnet.`);
    if (prefix === undefined) trusted.addAddress(address, type);
    else trusted.addSubnet(address, Number(prefix), type);
  }
  const isTrusted = (address: string) => {
    const ip = plain(address);
    const type = net.isIPv6(ip) ? 'ipv6' : net.isIPv4(ip) ? 'ipv4' : undefined;
    return type !== undefined && trusted.check(ip, type);
  };
  return (req: http.IncomingMessage): string => {
    const socket = plain(req.socket.remoteAddress ?? 'unknown');
    if (!trustedProxies.length || !isTrusted(socket)) return socket;
    const forwarded = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    for (const address of forwarded.reverse()) if (!isTrusted(address)) return plain(address);
    return socket;
  };
}
