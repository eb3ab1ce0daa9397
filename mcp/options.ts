/** The command line of the MCP server (`npm start --workspace mcp`, or `npm run mcp` at the root). */
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isLoopback, LOOPBACK_HOSTS, LOOPBACK_ORIGINS } from './guards';
import { addressList } from '@services-manager-docs/core/net/clients';
import { CONNECTION_DEFAULTS, type HttpOptions } from './http';
import { DEFAULT_SEARCH_WORKERS } from './searchPool';

export const ROOT = path.resolve(__dirname, '..');

export const USAGE = `Usage: npm start --workspace mcp -- [options]   (or, at the repository's root: npm run mcp -- [options])

Serves the documentation of the production build to AI assistants over the Model Context Protocol.

  --build DIR              production build to read (default: the repository's build/)
  --http                   serve Streamable HTTP at /mcp instead of stdio
  --host ADDRESS           address to listen on (default: 127.0.0.1)
  --port N                 port to listen on (default: 3333; 0 picks a free one)
  --allow-remote           allow a --host that is not a loopback address
  --allowed-hosts LIST     comma-separated host names clients may use (default: localhost, 127.0.0.1, [::1] and --host)
  --allowed-origins LIST   comma-separated origins browser pages may call from (default: http://localhost:*, http://127.0.0.1:*, http://[::1]:*; * for any)
  --rate-limit N           requests per minute per client address (default: 120; 0 for no limit)
  --max-concurrent N       requests in progress at once, more are refused with 503 (default: 8)
  --max-body-bytes N       largest request body (default: 65536)
  --trusted-proxies LIST   comma-separated addresses or subnets of reverse proxies in front of the server; only
                           from them is X-Forwarded-For read (the client is its last address that is not one of them)
  --max-connections-per-client N
                           connections one client (address, IPv6 /64) may hold open (default: 16)
  --max-connections N      connections open at once from all clients (default: 256)
  --search-workers N       threads that run searches, each with a copy of the index (default: ${DEFAULT_SEARCH_WORKERS}; 0 runs them on the main thread)

Result URLs start with DOCS_URL (default http://localhost:3000).`;

export class OptionsError extends Error {
  override name = 'OptionsError';
}

export type Options = {
  help: boolean;
  buildDir: string;
  http?: HttpOptions;
};

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function count(
  name: string,
  value: string | undefined,
  fallback: number,
  { min = 0, max = Number.MAX_SAFE_INTEGER } = {},
): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new OptionsError(`--${name} must be a whole number ${range}, not "${value}".`);
  }
  return Number(value);
}

export function parseOptions(argv: string[], cwd = process.cwd()): Options {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        help: { type: 'boolean' },
        build: { type: 'string' },
        http: { type: 'boolean' },
        host: { type: 'string' },
        port: { type: 'string' },
        'allow-remote': { type: 'boolean' },
        'allowed-hosts': { type: 'string' },
        'allowed-origins': { type: 'string' },
        'rate-limit': { type: 'string' },
        'max-concurrent': { type: 'string' },
        'max-body-bytes': { type: 'string' },
        'trusted-proxies': { type: 'string' },
        'max-connections-per-client': { type: 'string' },
        'max-connections': { type: 'string' },
        'search-workers': { type: 'string' },
      },
    }));
  } catch (error) {
    throw new OptionsError(`${(error as Error).message}\n\n${USAGE}`);
  }
  // A given path is the caller's; the default is this repository's build, wherever it is started from.
  const options: Options = {
    help: Boolean(values.help),
    buildDir: values.build ? path.resolve(cwd, values.build) : path.join(ROOT, 'build'),
  };
  const httpOnly = [
    'host',
    'port',
    'allow-remote',
    'allowed-hosts',
    'allowed-origins',
    'rate-limit',
    'max-concurrent',
    'max-body-bytes',
    'trusted-proxies',
    'max-connections-per-client',
    'max-connections',
    'search-workers',
  ];
  if (!values.http) {
    const stray = httpOnly.find((name) => values[name as keyof typeof values] !== undefined);
    if (stray) throw new OptionsError(`--${stray} applies to the HTTP transport: add --http.`);
    return options;
  }
  const host = values.host ?? '127.0.0.1';
  if (!isLoopback(host) && !values['allow-remote'])
    throw new OptionsError(
      `Refusing to listen on ${host}, which other machines can reach: the server has no authentication. ` +
        'Add --allow-remote to do it anyway (behind a TLS proxy), with --allowed-hosts naming the public host.',
    );
  const wildcard = ['0.0.0.0', '::', '[::]'].includes(host);
  // As a Host header names them: lower case, an IPv6 address in brackets.
  const hostNames = (names: string[]) =>
    names.map((name) => (net.isIPv6(name) ? `[${name}]` : name).toLowerCase());
  options.http = {
    host,
    port: count('port', values.port, 3333, { max: 65535 }),
    allowedHosts: hostNames(
      list(values['allowed-hosts']) ?? [...LOOPBACK_HOSTS, ...(wildcard || isLoopback(host) ? [] : [host])],
    ),
    allowedOrigins: list(values['allowed-origins']) ?? LOOPBACK_ORIGINS,
    rateLimit: count('rate-limit', values['rate-limit'], 120),
    maxConcurrent: count('max-concurrent', values['max-concurrent'], 8, { min: 1 }),
    maxBodyBytes: count('max-body-bytes', values['max-body-bytes'], 65_536, { min: 1 }),
    trustedProxies: list(values['trusted-proxies']) ?? [],
    maxConnectionsPerClient: count(
      'max-connections-per-client',
      values['max-connections-per-client'],
      CONNECTION_DEFAULTS.maxConnectionsPerClient,
      { min: 1 },
    ),
    maxConnections: count('max-connections', values['max-connections'], CONNECTION_DEFAULTS.maxConnections, {
      min: 1,
    }),
    buildDir: options.buildDir,
    searchWorkers: count('search-workers', values['search-workers'], DEFAULT_SEARCH_WORKERS, { max: 64 }),
  };
  try {
    addressList(options.http.trustedProxies!, '--trusted-proxies');
  } catch (error) {
    throw new OptionsError((error as Error).message);
  }
  return options;
}
