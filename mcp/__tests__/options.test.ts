import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { OptionsError, parseOptions, ROOT } from '../options';

const parse = (args: string[]) => parseOptions(args, '/repo');

describe('parseOptions', () => {
  it('defaults to stdio over the build/ and specification of the repository, wherever it starts', () => {
    expect(parse([])).toEqual({
      help: false,
      buildDir: path.join(ROOT, 'build'),
    });
    expect(parse(['--build', 'out']).buildDir).toBe('/repo/out');
  });

  it('serves HTTP on loopback port 3333 with the loopback hosts and origins', () => {
    const { http } = parse(['--http', '--build', 'out']);
    expect(http).toMatchObject({
      host: '127.0.0.1',
      port: 3333,
      rateLimit: 120,
      maxConcurrent: 8,
      maxBodyBytes: 65_536,
      trustedProxies: [],
      maxConnectionsPerClient: 16,
      maxConnections: 256,
      buildDir: '/repo/out',
    });
    expect(http?.searchWorkers).toBeGreaterThanOrEqual(1);
    expect(http?.allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
  });

  it('refuses a non-loopback bind unless told, and then allows the bound name', () => {
    expect(() => parse(['--http', '--host', '0.0.0.0'])).toThrow(/Refusing to listen on 0\.0\.0\.0/);
    expect(() => parse(['--http', '--host', '10.0.0.5'])).toThrow(OptionsError);
    expect(parse(['--http', '--host', '10.0.0.5', '--allow-remote']).http?.allowedHosts).toContain(
      '10.0.0.5',
    );
    expect(
      parse(['--http', '--host', '0.0.0.0', '--allow-remote', '--allowed-hosts', 'mcp.example.com']).http
        ?.allowedHosts,
    ).toEqual(['mcp.example.com']);
    // As Host headers name them, which the SDK's check compares with.
    expect(
      parse(['--http', '--host', 'fd00::5', '--allow-remote', '--allowed-hosts', 'MCP.Example.com,fd00::5'])
        .http?.allowedHosts,
    ).toEqual(['mcp.example.com', '[fd00::5]']);
  });

  it('reads lists and numbers, and rejects bad ones', () => {
    const { http } = parse([
      '--http',
      '--allowed-origins',
      'https://a.example.com, https://b.example.com',
      '--rate-limit',
      '0',
    ]);
    expect(http?.allowedOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(http?.rateLimit).toBe(0);
    expect(() => parse(['--http', '--port', '70000'])).toThrow(
      /--port must be a whole number from 0 to 65535/,
    );
    expect(() => parse(['--http', '--port', '-1'])).toThrow(OptionsError);
    expect(() => parse(['--http', '--max-body-bytes', '0'])).toThrow(/at least 1/);
    expect(
      parse([
        '--http',
        '--trusted-proxies',
        '127.0.0.1, 10.1.0.0/16',
        '--max-connections-per-client',
        '4',
        '--max-connections',
        '64',
        '--search-workers',
        '0',
      ]).http,
    ).toMatchObject({
      trustedProxies: ['127.0.0.1', '10.1.0.0/16'],
      maxConnectionsPerClient: 4,
      maxConnections: 64,
      searchWorkers: 0,
    });
    expect(() => parse(['--http', '--trusted-proxies', 'proxy.example'])).toThrow(
      /--trusted-proxies: "proxy.example" is not an IP address or subnet/,
    );
    expect(() => parse(['--http', '--max-connections-per-client', '0'])).toThrow(/at least 1/);
    expect(() => parse(['--trusted-proxies', '127.0.0.1'])).toThrow(/applies to the HTTP transport/);
    expect(() => parse(['--http', '--max-concurrent', '0'])).toThrow(
      '--max-concurrent must be a whole number of at least 1, not "0".',
    );
  });

  it('names an unknown option and an HTTP option without --http', () => {
    expect(() => parse(['--bogus'])).toThrow(/bogus/);
    expect(() => parse(['--port', '1'])).toThrow('--port applies to the HTTP transport: add --http.');
    expect(() => parse(['--spec', 'spec.yaml'])).toThrow(/spec/);
  });
});
