/**
 * Who a request comes from, and how much it may use: a per-client limit and a global budget of
 * answers and model tokens per minute and per day, counted with rate-limiter-flexible. The counts live
 * in this process's memory, or, with `ASK_REDIS_URL`, in Redis, where every instance behind a load
 * balancer shares them. Every window opens with its first use, not on the clock's minute or day.
 */
import { Redis } from 'ioredis';
import { clientAddress as coreClientAddress } from '@services-manager-docs/core/net/clients';
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
  /** The percentage of the daily budgets (answers and tokens) one client may spend; 0 turns it off. */
  clientDailyShare?: number;
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
  redis.once('ready', () => void warnWithoutPersistence(redis, onError));
  return redis;
}

/**
 * Says so when Redis keeps its data only in memory (no append-only file, no snapshots): a restart of
 * Redis then empties every count, and every client starts the day with its whole allowance again. A
 * Redis that refuses CONFIG (as managed services do) is not reported: its persistence cannot be read.
 */
export async function warnWithoutPersistence(redis: Redis, warn: (message: string) => void) {
  try {
    const [, appendonly] = (await redis.config('GET', 'appendonly')) as string[];
    const [, save] = (await redis.config('GET', 'save')) as string[];
    if (appendonly === 'no' && !save?.trim())
      warn(
        'Redis for the limits keeps no data on disk (appendonly no, no save points): a restart of Redis resets every limit and budget. Turn on appendonly yes (or RDB snapshots) on that Redis.',
      );
  } catch {
    // CONFIG is not allowed: nothing to report.
  }
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

/** A client's share of a daily budget of `total`: at least 1 while both are on, 0 (off) otherwise. */
export const shareOf = (total: number, percent: number) =>
  total > 0 && percent > 0 ? Math.max(1, Math.floor((total * Math.min(percent, 100)) / 100)) : 0;

/**
 * The limits: `client(key)` records an answer for a client within its per-minute limit, `share(key,
 * tokens)` one answer of at most `tokens` model tokens from the client's share of the daily budgets,
 * `reserve(tokens)` the same from the global budgets, and `refund` gives back what was reserved and not
 * used. Each returns 0, or the seconds to wait; each rejects with LimitStoreError when Redis cannot be
 * asked. A limit of 0 is off.
 */
export function createLimits(settings: LimitSettings, redis?: Redis) {
  const limiterOf = (points: number, duration: number, name: string): RateLimiterAbstract => {
    const options = { points, duration, keyPrefix: `ask-proxy:${name}` };
    return redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options);
  };
  const window = (points: number, duration: number, name: string): Window[] =>
    points > 0 ? [{ limiter: limiterOf(points, duration, name), key: 'all' }] : [];
  const share = settings.clientDailyShare ?? 0;
  const clientAnswersDay = shareOf(settings.globalPerDay, share);
  const clientTokensDay = shareOf(settings.tokensPerDay, share);
  const shareAnswers = clientAnswersDay ? limiterOf(clientAnswersDay, DAY, 'client-answers-day') : undefined;
  const shareTokens = clientTokensDay ? limiterOf(clientTokensDay, DAY, 'client-tokens-day') : undefined;
  const shareWindows = (key: string) => ({
    answers: shareAnswers ? [{ limiter: shareAnswers, key }] : [],
    tokens: shareTokens ? [{ limiter: shareTokens, key }] : [],
  });
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
    async share(key: string, tokenCount: number): Promise<number> {
      const windows = shareWindows(key);
      const wait = await spend(windows.answers, 1);
      if (wait) return wait;
      const tokenWait = await spend(windows.tokens, tokenCount);
      if (tokenWait) await attempt(() => giveBack(windows.answers, 1));
      return tokenWait;
    },
    async reserve(tokenCount: number): Promise<number> {
      const wait = await spend(answers, 1);
      if (wait) return wait;
      const tokenWait = await spend(tokens, tokenCount);
      if (tokenWait) await attempt(() => giveBack(answers, 1));
      return tokenWait;
    },
    /**
     * Gives back unused tokens, and with `answer` the answer itself (nothing was asked of the model), to
     * the global budgets and, with `key`, to that client's share.
     */
    async refund(tokenCount: number, answer = false, key?: string): Promise<void> {
      const windows = key === undefined ? { answers: [], tokens: [] } : shareWindows(key);
      const tokenWindows = [...tokens, ...windows.tokens];
      const answerWindows = [...answers, ...windows.answers];
      await attempt(() =>
        Promise.all([giveBack(tokenWindows, tokenCount), answer ? giveBack(answerWindows, 1) : undefined]),
      );
    },
  };
}

export type Limits = ReturnType<typeof createLimits>;

/** Model tokens in a text, estimated as providers' tokenizers average for English: four characters. */
export const tokensIn = (text: string) => Math.ceil(text.length / 4);

/**
 * The key a client is counted under (an IPv4 address, an IPv6 client's /64 network, IPv4 reached through
 * IPv6 as its IPv4 address) and the client's address behind trusted reverse proxies: the same rules as
 * the connection guard of every server of the site (`core/net/clients.ts`).
 */
export { clientKey } from '@services-manager-docs/core/net/clients';

/** The client's address, reading `X-Forwarded-For` only from `trustedProxies` (ASK_TRUSTED_PROXIES). */
export const clientAddress = (trustedProxies: string[]) =>
  coreClientAddress(trustedProxies, 'ASK_TRUSTED_PROXIES');
