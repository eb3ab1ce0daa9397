import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { conversationProof, signToken, verifyToken } from '../auth';
import { optionsFromEnv } from '../config';
import { budget, clientAddress, globalBudget } from '../limits';
import { redactor } from '../redact';

const request = (remoteAddress: string, forwarded?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  }) as http.IncomingMessage;

describe('clientAddress', () => {
  it('reads X-Forwarded-For only from trusted proxies, right to left, skipping trusted hops', () => {
    const none = clientAddress([]);
    expect(none(request('::ffff:198.51.100.1', '1.2.3.4'))).toBe('198.51.100.1');
    const trusted = clientAddress(['10.0.0.1', '172.16.0.0/12', '::1']);
    expect(trusted(request('10.0.0.1', 'spoofed, 203.0.113.9'))).toBe('203.0.113.9');
    expect(trusted(request('::ffff:10.0.0.1', '203.0.113.9, 172.20.1.1'))).toBe('203.0.113.9');
    expect(trusted(request('::1', '203.0.113.5'))).toBe('203.0.113.5');
    expect(trusted(request('10.0.0.1'))).toBe('10.0.0.1');
    expect(trusted(request('198.51.100.7', '203.0.113.9'))).toBe('198.51.100.7');
    expect(() => clientAddress(['proxy.example'])).toThrow(/ASK_TRUSTED_PROXIES: "proxy.example"/);
  });
});

describe('budgets', () => {
  it('spends within a window, says how long to wait, and renews with the next window', () => {
    const perMinute = budget(3, 60_000);
    expect([perMinute.take(2, 0), perMinute.take(1, 1000)]).toEqual([0, 0]);
    expect(perMinute.take(1, 30_000)).toBe(30);
    perMinute.refund(1, 30_000);
    expect(perMinute.take(1, 30_000)).toBe(0);
    expect(perMinute.take(3, 60_000)).toBe(0);
    expect(budget(0, 60_000).take(1e9)).toBe(0);
  });

  it('opens its first window with the first use, so the clock turning a minute renews nothing', () => {
    const perMinute = budget(2, 60_000);
    expect(perMinute.take(2, 59_500)).toBe(0);
    expect(perMinute.take(1, 60_500)).toBe(59);
  });

  it('takes nothing from any budget when one of them is spent', () => {
    const global = globalBudget({
      globalPerMinute: 10,
      globalPerDay: 10,
      tokensPerMinute: 100,
      tokensPerDay: 0,
    });
    expect(global.reserve(150)).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) expect(global.reserve(10)).toBe(0);
    expect(global.reserve(1)).toBeGreaterThan(0);
  });
});

describe('proofs and tokens', () => {
  it('proves exactly the conversation it signed', () => {
    const proofs = conversationProof('s'.repeat(32));
    const turns = [{ question: 'Q?', answer: 'A [1].' }];
    const proof = proofs.sign(turns);
    expect(proofs.verify(turns, proof)).toBe(true);
    expect(proofs.verify([{ question: 'Q?', answer: 'B' }], proof)).toBe(false);
    expect(proofs.verify(turns, undefined)).toBe(false);
    expect(conversationProof('t'.repeat(32)).verify(turns, proof)).toBe(false);
  });

  it('accepts only well-formed, signed, unexpired tokens', () => {
    const secret = 'k'.repeat(32);
    const token = signToken(secret, 'reader_1', 2_000_000_000);
    expect(verifyToken(secret, token, 0)).toBe('reader_1');
    expect(verifyToken(secret, token, 2_000_000_000_000)).toBeUndefined();
    expect(verifyToken(secret, `${token}x`, 0)).toBeUndefined();
    expect(verifyToken(secret, token.replace('reader_1', 'reader_2'), 0)).toBeUndefined();
    expect(verifyToken(secret, 'not a token', 0)).toBeUndefined();
  });
});

describe('redactor', () => {
  it('removes a secret as is, URL-encoded, JSON-escaped and base64 at any alignment', () => {
    const secret = 'sk-"live"/key+0123456789';
    const redact = redactor([secret, undefined]);
    const forms = [
      secret,
      encodeURIComponent(secret),
      JSON.stringify({ secret }),
      ...[0, 1, 2, 3].map((pad) => Buffer.from(`${'u'.repeat(pad)}${secret}`).toString('base64')),
      ...[0, 1, 2].map((pad) => Buffer.from(`${'u'.repeat(pad)}${secret}`).toString('base64url')),
    ];
    for (const form of forms) {
      const text = redact(`before ${form} after`);
      expect(text, form).toContain('[redacted]');
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
    // The characters left of a base64 form are those shared with its neighbours, never the secret's own.
    expect(redact(Buffer.from(secret).toString('base64'))).toMatch(/^\[redacted\].{0,4}$/);
  });
});

describe('optionsFromEnv', () => {
  it('reads every limit, with defaults, and names a bad variable', () => {
    expect(() => optionsFromEnv({})).toThrow(/ASK_API_KEY/);
    expect(optionsFromEnv({ ASK_API_KEY: 'k' })).toMatchObject({
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      buildDir: 'build',
      port: 8787,
      host: '127.0.0.1',
      allowedOrigins: ['http://localhost:3000'],
      rateLimit: 10,
      globalPerMinute: 60,
      globalPerDay: 2000,
      tokensPerMinute: 200_000,
      tokensPerDay: 4_000_000,
      bodyTimeoutMs: 10_000,
      trustedProxies: [],
    });
    expect(
      optionsFromEnv({
        ASK_API_KEY: 'k',
        ASK_ALLOWED_ORIGINS: '*, https://docs.example.com',
        ASK_TRUSTED_PROXIES: '10.0.0.1, 10.1.0.0/16',
        ASK_GLOBAL_PER_DAY: '0',
      }),
    ).toMatchObject({
      allowedOrigins: ['*', 'https://docs.example.com'],
      trustedProxies: ['10.0.0.1', '10.1.0.0/16'],
      globalPerDay: 0,
    });
    expect(() => optionsFromEnv({ ASK_API_KEY: 'k', ASK_PORT: 'abc' })).toThrow(/ASK_PORT/);
    expect(() => optionsFromEnv({ ASK_API_KEY: 'k', ASK_SECRET: 'short' })).toThrow(
      /ASK_SECRET must be at least 32/,
    );
    expect(() => optionsFromEnv({ ASK_API_KEY: 'k', ASK_BASE_URL: 'ftp://x' })).toThrow(/ASK_BASE_URL/);
    expect(() => optionsFromEnv({ ASK_API_KEY: 'k', ASK_TRUST_PROXY: '1' })).toThrow(/ASK_TRUSTED_PROXIES/);
  });
});
