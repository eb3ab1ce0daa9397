import { describe, expect, it } from 'vitest';
import {
  concurrencyLimit,
  hostAllowed,
  isLightMethod,
  isLoopback,
  LOOPBACK_HOSTS,
  LOOPBACK_ORIGINS,
  originAllowed,
  rateLimiter,
} from '../guards';

describe('hostAllowed', () => {
  it('accepts the allowed names as written, any case, with or without a port', () => {
    for (const host of ['localhost', 'LocalHost:3333', '127.0.0.1:1', '[::1]', '[::1]:3333'])
      expect(hostAllowed(host, '/mcp', LOOPBACK_HOSTS), host).toBe(true);
    expect(hostAllowed('mcp.example.com', '/mcp', ['mcp.example.com'])).toBe(true);
  });

  it('refuses other spellings of loopback, other names, bad ports and targets that name a host', () => {
    for (const host of [
      undefined,
      '',
      '127.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '127.0.0.1.',
      'localhost.',
      '[0:0:0:0:0:0:0:1]',
      '::1',
      'localhost:99999',
      'localhost:3333:1',
      'localhost@evil.example',
      'evil.example',
    ])
      expect(hostAllowed(host, '/mcp', LOOPBACK_HOSTS), String(host)).toBe(false);
    for (const target of ['http://evil.example/mcp', 'http://localhost/mcp', '//evil.example/mcp', '*'])
      expect(hostAllowed('localhost', target, LOOPBACK_HOSTS), target).toBe(false);
  });
});

describe('isLightMethod', () => {
  it('names the handshake, the lists and notifications, never a tool call or a read', () => {
    for (const method of ['initialize', 'ping', 'tools/list', 'resources/list', 'notifications/initialized'])
      expect(isLightMethod(method), method).toBe(true);
    for (const method of [
      'tools/call',
      'resources/read',
      'completion/complete',
      undefined,
      42,
      ['tools/list'],
    ])
      expect(isLightMethod(method), String(method)).toBe(false);
  });
});

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])(
    '%s is loopback',
    (host) => {
      expect(isLoopback(host)).toBe(true);
    },
  );
  it.each([
    '0.0.0.0',
    '::',
    '10.0.0.5',
    '192.168.1.2',
    'docs.example.com',
    '128.0.0.1',
    'localhost.example.com',
  ])('%s is not', (host) => {
    expect(isLoopback(host)).toBe(false);
  });
});

describe('originAllowed', () => {
  it('lets clients that send no Origin through', () => {
    expect(originAllowed(undefined, [])).toBe(true);
  });
  it('accepts loopback pages on any port by default', () => {
    expect(originAllowed('http://localhost:6274', LOOPBACK_ORIGINS)).toBe(true);
    expect(originAllowed('http://127.0.0.1:3000', LOOPBACK_ORIGINS)).toBe(true);
  });
  it('refuses other sites, look-alikes, null and malformed origins', () => {
    for (const origin of [
      'https://attacker.example.net',
      'http://localhost.attacker.example.net',
      'https://localhost:6274',
      'null',
      'http://localhost:3000/path',
      'not a url',
      '',
    ])
      expect(originAllowed(origin, LOOPBACK_ORIGINS), origin).toBe(false);
  });
  it('matches configured origins exactly, or any with *', () => {
    expect(originAllowed('https://docs.example.com', ['https://docs.example.com/'])).toBe(true);
    expect(originAllowed('https://docs.example.com:8443', ['https://docs.example.com'])).toBe(false);
    expect(originAllowed('https://anything.example.net', ['*'])).toBe(true);
  });
});

describe('rateLimiter', () => {
  it('allows the limit per window per client, then says how long to wait', () => {
    let time = 0;
    const limiter = rateLimiter(2, 60_000, () => time);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('b')).toBe(0);
    time = 15_000;
    expect(limiter.take('a')).toBe(45);
    time = 60_000;
    expect(limiter.take('a')).toBe(0);
  });
  it('is off at 0', () => {
    const limiter = rateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(limiter.take('a')).toBe(0);
  });
  it('keeps a bounded memory of clients', () => {
    let time = 0;
    const limiter = rateLimiter(1, 1000, () => time);
    for (let i = 0; i < 10_001; i++) limiter.take(`client-${i}`);
    time = 5000;
    expect(limiter.take('client-0')).toBe(0);
  });
});

describe('concurrencyLimit', () => {
  it('hands out at most max holders, each released once', () => {
    const limit = concurrencyLimit(2);
    const first = limit.tryAcquire()!;
    const second = limit.tryAcquire()!;
    expect(limit.tryAcquire()).toBeUndefined();
    first();
    first();
    expect(limit.active).toBe(1);
    expect(limit.tryAcquire()).toBeDefined();
    expect(limit.tryAcquire()).toBeUndefined();
    second();
    expect(limit.active).toBe(1);
  });
});
