/**
 * The proxy's settings: every limit has a default, and `optionsFromEnv` reads them from `ASK_*`
 * environment variables, stopping with the variable's name on a bad value.
 */
import crypto from 'node:crypto';
import type { SearchProvider } from '@services-manager-docs/core/search/types';

export type AskProxyOptions = {
  /** The model provider's API key. Sent upstream only; never logged, never sent to the browser. */
  apiKey: string;
  /** The provider's API root; the proxy POSTs to `${baseUrl}/chat/completions`. */
  baseUrl?: string;
  model?: string;
  /** The built site whose search index the sources are retrieved from (`build/`). */
  buildDir?: string;
  /** The search to retrieve sources with, instead of the index in `buildDir`. */
  search?: SearchProvider;
  /** Origins allowed to call the proxy from a browser (CORS); `*` allows any. */
  allowedOrigins?: string[];
  /** Answers per minute per client; 0 turns the limit off. */
  rateLimit?: number;
  /** Answers per minute and per day for all clients together; 0 turns a limit off. */
  globalPerMinute?: number;
  globalPerDay?: number;
  /** Model tokens (question, sources and answer, estimated) per minute and per day for all clients. */
  tokensPerMinute?: number;
  tokensPerDay?: number;
  /**
   * The percentage of the daily budgets (answers and tokens) one client may spend, so a few clients
   * cannot spend everyone's; 0 turns it off.
   */
  clientDailyShare?: number;
  /** Connections one client may hold open at once, and all clients together (the connection guard). */
  maxConnectionsPerClient?: number;
  maxConnections?: number;
  /** A request's headers must arrive within this long of the connection opening or going idle. */
  headersTimeoutMs?: number;
  /** The longest answer asked of the model, in tokens (`max_tokens`). */
  maxAnswerTokens?: number;
  /** Total time for an answer, from the request to the end of the stream. */
  timeoutMs?: number;
  /** Longest wait for data from the provider, before or during the stream. */
  idleTimeoutMs?: number;
  /** Longest time to receive a request's body. */
  bodyTimeoutMs?: number;
  maxBodyBytes?: number;
  /** The largest event or line accepted from the provider's stream, in characters. */
  maxUpstreamEventChars?: number;
  /**
   * Addresses (or `a.b.c.d/nn` subnets) of reverse proxies in front of this one: only from them is
   * `X-Forwarded-For` read, and the client is its last address that is not one of them.
   */
  trustedProxies?: string[];
  /** Signs the proxy's answers so later requests can prove earlier turns; random when unset. */
  secret?: string;
  /** How long a conversation's proof is accepted after the answer it came with. */
  proofTtlMs?: number;
  /** Searches of the documentation run at once, and how many more may wait; beyond that, 503. */
  maxSearches?: number;
  maxQueuedSearches?: number;
  /** Redis (`redis://…`) where every instance counts the limits; in this process's memory when unset. */
  redisUrl?: string;
  /** Shared-secret mode: every request must carry `Authorization: Bearer <accessKey>`. */
  accessKey?: string;
  /** Signed-token mode: requests must carry a token signed with this secret (see `auth.ts`). */
  tokenSecret?: string;
  /** Where the proxy reports problems; secrets are redacted from everything passed to it. */
  log?: (message: string) => void;
};

type Optional = 'search' | 'accessKey' | 'tokenSecret' | 'redisUrl';
export type Settings = Required<Omit<AskProxyOptions, Optional | 'log'>> &
  Pick<AskProxyOptions, Optional> & { log: (message: string) => void };

export const DEFAULTS = {
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  buildDir: 'build',
  allowedOrigins: ['http://localhost:3000'],
  rateLimit: 10,
  globalPerMinute: 60,
  globalPerDay: 2000,
  tokensPerMinute: 200_000,
  tokensPerDay: 4_000_000,
  clientDailyShare: 5,
  maxConnectionsPerClient: 8,
  maxConnections: 256,
  headersTimeoutMs: 5_000,
  maxAnswerTokens: 800,
  timeoutMs: 60_000,
  idleTimeoutMs: 20_000,
  bodyTimeoutMs: 10_000,
  maxBodyBytes: 32_768,
  maxUpstreamEventChars: 64 * 1024,
  trustedProxies: [] as string[],
  proofTtlMs: 24 * 60 * 60_000,
  maxSearches: 2,
  maxQueuedSearches: 20,
};

/** The options with every default filled in. */
export function settingsOf(options: AskProxyOptions): Settings {
  if (!options.apiKey) throw new Error('The Ask AI proxy needs an API key.');
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const settings = {
    ...DEFAULTS,
    secret: crypto.randomBytes(32).toString('base64url'),
    log: console.error,
    ...defined,
  } as Settings;
  settings.idleTimeoutMs = Math.min(settings.idleTimeoutMs, settings.timeoutMs);
  if (settings.clientDailyShare > 100)
    throw new Error(`The client's daily share is a percentage, not ${settings.clientDailyShare}.`);
  if (settings.maxConnections < 1 || settings.maxConnectionsPerClient < 1)
    throw new Error('The connection caps must be at least 1.');
  return settings;
}

const numberFrom = (env: Record<string, string | undefined>, name: string, fallback: number) => {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, not "${raw}".`);
  return value;
};

const positiveFrom = (env: Record<string, string | undefined>, name: string, fallback: number) => {
  const value = numberFrom(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be at least 1, not "${env[name]?.trim()}".`);
  return value;
};

const percentFrom = (env: Record<string, string | undefined>, name: string, fallback: number) => {
  const value = numberFrom(env, name, fallback);
  if (value > 100) throw new Error(`${name} is a percentage from 0 to 100, not "${env[name]?.trim()}".`);
  return value;
};

const listFrom = (raw: string | undefined) =>
  raw
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const secretFrom = (env: Record<string, string | undefined>, name: string) => {
  const value = env[name]?.trim();
  if (value !== undefined && value !== '' && value.length < 32)
    throw new Error(`${name} must be at least 32 characters long.`);
  return value || undefined;
};

/** The proxy's settings from `ASK_*` environment variables; throws on a missing key or a bad value. */
export function optionsFromEnv(
  env: Record<string, string | undefined> = process.env,
): AskProxyOptions & { port: number; host: string } {
  if (env.ASK_TRUST_PROXY?.trim())
    throw new Error(
      'ASK_TRUST_PROXY is no longer read: list the addresses of your reverse proxies in ASK_TRUSTED_PROXIES instead.',
    );
  const apiKey = env.ASK_API_KEY?.trim();
  if (!apiKey) throw new Error('ASK_API_KEY is not set: set it to the API key of the answer service.');
  const baseUrl = env.ASK_BASE_URL?.trim() || DEFAULTS.baseUrl;
  if (!/^https?:\/\//.test(baseUrl) || !URL.canParse(baseUrl))
    throw new Error(`ASK_BASE_URL must be an http(s) URL, not "${baseUrl}".`);
  const redisUrl = env.ASK_REDIS_URL?.trim() || undefined;
  if (redisUrl && (!/^rediss?:\/\//.test(redisUrl) || !URL.canParse(redisUrl)))
    throw new Error('ASK_REDIS_URL must be a redis:// or rediss:// URL.');
  return {
    apiKey,
    baseUrl,
    model: env.ASK_MODEL?.trim() || DEFAULTS.model,
    buildDir: env.ASK_BUILD_DIR?.trim() || DEFAULTS.buildDir,
    port: numberFrom(env, 'ASK_PORT', 8787),
    host: env.ASK_HOST?.trim() || '127.0.0.1',
    allowedOrigins: listFrom(env.ASK_ALLOWED_ORIGINS) ?? DEFAULTS.allowedOrigins,
    rateLimit: numberFrom(env, 'ASK_RATE_LIMIT', DEFAULTS.rateLimit),
    globalPerMinute: numberFrom(env, 'ASK_GLOBAL_PER_MINUTE', DEFAULTS.globalPerMinute),
    globalPerDay: numberFrom(env, 'ASK_GLOBAL_PER_DAY', DEFAULTS.globalPerDay),
    tokensPerMinute: numberFrom(env, 'ASK_TOKENS_PER_MINUTE', DEFAULTS.tokensPerMinute),
    tokensPerDay: numberFrom(env, 'ASK_TOKENS_PER_DAY', DEFAULTS.tokensPerDay),
    clientDailyShare: percentFrom(env, 'ASK_CLIENT_DAILY_SHARE', DEFAULTS.clientDailyShare),
    maxConnectionsPerClient: positiveFrom(
      env,
      'ASK_MAX_CONNECTIONS_PER_CLIENT',
      DEFAULTS.maxConnectionsPerClient,
    ),
    maxConnections: positiveFrom(env, 'ASK_MAX_CONNECTIONS', DEFAULTS.maxConnections),
    headersTimeoutMs: positiveFrom(env, 'ASK_HEADERS_TIMEOUT_MS', DEFAULTS.headersTimeoutMs),
    maxAnswerTokens: numberFrom(env, 'ASK_MAX_ANSWER_TOKENS', DEFAULTS.maxAnswerTokens),
    timeoutMs: numberFrom(env, 'ASK_TIMEOUT_MS', DEFAULTS.timeoutMs),
    idleTimeoutMs: numberFrom(env, 'ASK_IDLE_TIMEOUT_MS', DEFAULTS.idleTimeoutMs),
    bodyTimeoutMs: numberFrom(env, 'ASK_BODY_TIMEOUT_MS', DEFAULTS.bodyTimeoutMs),
    maxBodyBytes: numberFrom(env, 'ASK_MAX_BODY_BYTES', DEFAULTS.maxBodyBytes),
    maxUpstreamEventChars: numberFrom(env, 'ASK_MAX_UPSTREAM_EVENT_CHARS', DEFAULTS.maxUpstreamEventChars),
    trustedProxies: listFrom(env.ASK_TRUSTED_PROXIES) ?? [],
    proofTtlMs: numberFrom(env, 'ASK_PROOF_TTL_MS', DEFAULTS.proofTtlMs),
    maxSearches: numberFrom(env, 'ASK_MAX_SEARCHES', DEFAULTS.maxSearches) || 1,
    maxQueuedSearches: numberFrom(env, 'ASK_SEARCH_QUEUE', DEFAULTS.maxQueuedSearches),
    redisUrl,
    secret: secretFrom(env, 'ASK_SECRET'),
    accessKey: secretFrom(env, 'ASK_ACCESS_KEY'),
    tokenSecret: secretFrom(env, 'ASK_TOKEN_SECRET'),
  };
}
