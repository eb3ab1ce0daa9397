/**
 * Who a request comes from, and how much it may use: a per-client limit and a global budget of
 * answers and model tokens per minute and per day. All in memory, so per instance (see the README for
 * several instances behind a load balancer).
 */
import net from 'node:net';
import type http from 'node:http';

/**
 * A sliding-window limit per client: `take(key)` records an answer and returns 0, or returns the
 * seconds to wait when the key already had `limit` answers in the window. Clients idle for a whole
 * window are swept out, and the number of clients remembered is capped, so memory stays bounded.
 */
export function clientLimiter(limit: number, windowMs = 60_000, maxClients = 10_000) {
  const hits = new Map<string, number[]>();
  let swept = Date.now();
  return (key: string, now = Date.now()): number => {
    if (limit <= 0) return 0;
    if (now - swept > windowMs) {
      for (const [client, times] of hits) if (times[times.length - 1] <= now - windowMs) hits.delete(client);
      swept = now;
    }
    const times = (hits.get(key) ?? []).filter((time) => time > now - windowMs);
    if (times.length >= limit) {
      hits.set(key, times);
      return Math.max(1, Math.ceil((times[0] + windowMs - now) / 1000));
    }
    times.push(now);
    // Re-inserted, so the Map stays ordered from least to most recently seen.
    hits.delete(key);
    hits.set(key, times);
    if (hits.size > maxClients) hits.delete(hits.keys().next().value!);
    return 0;
  };
}

/**
 * A fixed-window budget: `take(amount)` spends it, or returns the seconds until the window renews. The
 * first window opens with the first use, not on the clock's minute or day.
 */
export function budget(limit: number, windowMs: number) {
  let start: number | undefined;
  let used = 0;
  const roll = (now: number) => {
    if (start === undefined || now - start >= windowMs) {
      start = start === undefined ? now : now - ((now - start) % windowMs);
      used = 0;
    }
  };
  return {
    take(amount: number, now = Date.now()): number {
      if (limit <= 0) return 0;
      roll(now);
      if (used + amount > limit) return Math.max(1, Math.ceil((start! + windowMs - now) / 1000));
      used += amount;
      return 0;
    },
    /** Gives back what was reserved but not used (an answer shorter than its reservation). */
    refund(amount: number, now = Date.now()) {
      roll(now);
      used = Math.max(0, used - amount);
    },
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Answers and tokens per minute and per day, for all clients together. */
export function globalBudget(limits: {
  globalPerMinute: number;
  globalPerDay: number;
  tokensPerMinute: number;
  tokensPerDay: number;
}) {
  const answers = [budget(limits.globalPerMinute, MINUTE), budget(limits.globalPerDay, DAY)];
  const tokens = [budget(limits.tokensPerMinute, MINUTE), budget(limits.tokensPerDay, DAY)];
  /** Spends from every budget, or none when one is exhausted (returning its wait in seconds). */
  const takeAll = (budgets: ReturnType<typeof budget>[], amount: number): number => {
    for (const [i, item] of budgets.entries()) {
      const wait = item.take(amount);
      if (wait) {
        for (const taken of budgets.slice(0, i)) taken.refund(amount);
        return wait;
      }
    }
    return 0;
  };
  return {
    /** Reserves one answer of at most `tokens` tokens; 0, or the seconds to wait. */
    reserve(tokenCount: number): number {
      const wait = takeAll(answers, 1);
      if (wait) return wait;
      const tokenWait = takeAll(tokens, tokenCount);
      if (tokenWait) for (const item of answers) item.refund(1);
      return tokenWait;
    },
    /** Returns tokens reserved but not used. */
    refund(tokenCount: number) {
      for (const item of tokens) item.refund(tokenCount);
    },
  };
}

/** Model tokens in a text, estimated as providers' tokenizers average for English: four characters. */
export const tokensIn = (text: string) => Math.ceil(text.length / 4);

const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

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
