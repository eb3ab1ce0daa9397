import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addressList, clientAddress, clientKey, plainAddress } from '../clients';
import {
  DEFAULT_LIMITS,
  guardConnections,
  type CheckedServer,
  type ConnectionLimits,
  type GuardOptions,
} from '../guard';
import { FLOODER, holdConnections, OTHER, requestFrom, until, type Held } from './connections';

const request = (remoteAddress: string, forwarded?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  }) as http.IncomingMessage;

describe('clientKey', () => {
  it('counts an IPv6 client by its /64 network and an IPv4 client by its address', () => {
    const key = clientKey('2001:db8:1:2:aaaa::1');
    expect(key).toBe('2001:0db8:0001:0002::/64');
    for (const same of [
      '2001:db8:1:2:bbbb:cccc:dddd:2',
      '2001:DB8:1:2::',
      '2001:db8:1:2::5%eth0',
      '[2001:db8:1:2::9]',
    ])
      expect(clientKey(same), same).toBe(key);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('198.51.100.1')).toBe('198.51.100.1');
    expect(clientKey('token:reader-1')).toBe('token:reader-1');
  });

  it('counts an IPv4 client reached through IPv6 (mapped, NAT64) by its IPv4 address, not one shared /64', () => {
    for (const [address, ipv4] of [
      ['::ffff:198.51.100.1', '198.51.100.1'],
      ['::ffff:c633:6401', '198.51.100.1'],
      ['64:ff9b::192.0.2.1', '192.0.2.1'],
      ['64:ff9b::c000:202', '192.0.2.2'],
      ['0064:FF9B:0000:0000:0000:0000:C000:0203', '192.0.2.3'],
    ])
      expect(clientKey(address), address).toBe(ipv4);
    expect(clientKey('64:ff9b::192.0.2.1')).not.toBe(clientKey('64:ff9b::192.0.2.9'));
    // Outside the /96 prefix, an ordinary IPv6 network.
    expect(clientKey('64:ff9b:1::c000:201')).toBe('0064:ff9b:0001:0000::/64');
    expect(plainAddress('[::1]')).toBe('::1');
  });
});

describe('clientAddress', () => {
  it('reads X-Forwarded-For only from trusted proxies, right to left, skipping trusted hops', () => {
    const none = clientAddress([]);
    expect(none(request('::ffff:198.51.100.1', '1.2.3.4'))).toBe('198.51.100.1');
    const trusted = clientAddress(['10.0.0.1', '172.16.0.0/12', '::1']);
    expect(trusted(request('10.0.0.1', 'spoofed, 203.0.113.9'))).toBe('203.0.113.9');
    expect(trusted(request('::ffff:10.0.0.1', '203.0.113.9, 172.20.1.1'))).toBe('203.0.113.9');
    expect(trusted(request('::1', '203.0.113.5'))).toBe('203.0.113.5');
    expect(trusted(request('::1', '64:ff9b::203.0.113.6'))).toBe('203.0.113.6');
    expect(trusted(request('10.0.0.1'))).toBe('10.0.0.1');
    expect(trusted(request('10.0.0.1', '203.0.113.9, not-an-address'))).toBe('10.0.0.1');
    expect(trusted(request('198.51.100.7', '203.0.113.9'))).toBe('198.51.100.7');
  });

  it('names the setting of a bad entry', () => {
    expect(() => clientAddress(['proxy.example'], '--trusted-proxies')).toThrow(
      /--trusted-proxies: "proxy.example"/,
    );
    for (const bad of ['10.0.0.0/33', '10.0.0.0/x', 'fd00::/129', '10.0.0.0/8/8'])
      expect(() => addressList([bad], 'X'), bad).toThrow(/is not an IP address or subnet/);
    expect(addressList(['fd00::/8'], 'X').has('fd12::1')).toBe(true);
  });
});

describe('guardConnections', { timeout: 30_000 }, () => {
  const servers: http.Server[] = [];
  const held: Held[] = [];
  afterEach(async () => {
    held.splice(0).forEach((item) => item.release());
    await Promise.all(
      servers.splice(0).map((server) => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      }),
    );
  });

  async function start(limits: Partial<ConnectionLimits>, options: GuardOptions = {}) {
    const server = http.createServer((_req, res) => res.end('ok'));
    const guard = guardConnections(server, limits, options);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { server, guard, port, url: `http://127.0.0.1:${port}/` };
  }

  it("applies Node's time-outs and the keep-alive limit to the server", async () => {
    const { server } = await start({});
    expect(server.headersTimeout).toBe(DEFAULT_LIMITS.headersTimeoutMs);
    expect(server.requestTimeout).toBe(DEFAULT_LIMITS.requestTimeoutMs);
    expect(server.keepAliveTimeout).toBe(DEFAULT_LIMITS.keepAliveTimeoutMs);
    expect(server.maxRequestsPerSocket).toBe(DEFAULT_LIMITS.maxRequestsPerSocket);
    expect(server.timeout).toBe(DEFAULT_LIMITS.idleTimeoutMs);
    expect((server as CheckedServer).connectionsCheckingInterval).toBeLessThanOrEqual(1_000);
  });

  it('closes the connections one client holds past its cap at once, and serves another client', async () => {
    const { guard, port, url } = await start({ perClient: 4, total: 10 });
    const flood = await holdConnections(port, 12);
    held.push(flood);
    await flood.untilClosed(8);
    expect(guard.openFrom(FLOODER)).toBe(4);
    expect(await requestFrom(url, { from: OTHER })).toEqual({ status: 200, body: 'ok' });
    expect(flood.closed()).toBe(8);
    expect(guard.refused()).toBe(8);
    // A held connection closed makes room for one more from the same client.
    flood.sockets.find((socket) => !socket.destroyed)!.destroy();
    await until(() => guard.openFrom(FLOODER) === 3);
    const again = await holdConnections(port, 1);
    held.push(again);
    expect(again.closed()).toBe(0);
  });

  it('caps all clients together, and counts trusted proxies only there', async () => {
    const { guard, port, url } = await start({ perClient: 2, total: 5 }, { trustedProxies: [FLOODER] });
    const proxy = await holdConnections(port, 7);
    held.push(proxy);
    await proxy.untilClosed(2);
    expect(guard.open()).toBe(5);
    await expect(requestFrom(url, { from: OTHER })).rejects.toThrow();
    proxy.release();
    await until(() => guard.open() === 0);
    expect(await requestFrom(url, { from: OTHER })).toEqual({ status: 200, body: 'ok' });
  });

  it('refuses settings that would not guard anything, and a server already listening', async () => {
    expect(() => guardConnections(http.createServer(), { perClient: 0 })).toThrow(/at least 1/);
    expect(() => guardConnections(http.createServer(), { total: -1 })).toThrow(/whole number/);
    expect(() =>
      guardConnections(http.createServer(), { headersTimeoutMs: 20, requestTimeoutMs: 10 }),
    ).toThrow(/headersTimeoutMs/);
    const { server } = await start({});
    expect(() => guardConnections(server)).toThrow(/before the server listens/);
  });
});
