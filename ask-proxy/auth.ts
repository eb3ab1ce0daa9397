/**
 * Proof and access, both HMAC-SHA256 with secrets only the proxy (and the site's own login service)
 * holds:
 * - the proof of a conversation: the proxy signs each conversation it answered, so a later request can
 *   carry its earlier turns only as the proxy gave them (no words put in the assistant's mouth, no
 *   questions the conversation never asked), and only for a while;
 * - access tokens: `<expiry in Unix seconds>.<subject>.<signature>`, for sites that embed the proxy
 *   behind their own login and issue a token per signed-in reader.
 */
import crypto from 'node:crypto';
import { conversationOf, type AskTurn } from '@services-manager-docs/core/ask/protocol';

const hmac = (secret: string, text: string) =>
  crypto.createHmac('sha256', secret).update(text, 'utf8').digest('base64url');

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
};

/**
 * Proofs are `v2.<issued, Unix seconds>.<signature>` and expire `ttlMs` after they were issued: a
 * conversation left for longer starts again. A proof issued in the future (beyond a minute of clock
 * skew between instances) is refused too.
 */
export function conversationProof(secret: string, ttlMs: number) {
  const signAt = (turns: AskTurn[], issued: number) =>
    `v2.${issued}.${hmac(secret, `conversation\n${issued}\n${JSON.stringify(conversationOf(turns))}`)}`;
  return {
    sign: (turns: AskTurn[], now = Date.now()) => signAt(turns, Math.floor(now / 1000)),
    verify(turns: AskTurn[], proof: string | undefined, now = Date.now()): boolean {
      const match = /^v2\.(\d{1,12})\.[A-Za-z0-9_-]{43}$/.exec(proof ?? '');
      if (!match) return false;
      const issued = Number(match[1]);
      if (issued * 1000 + ttlMs <= now || issued * 1000 > now + 60_000) return false;
      return same(signAt(turns, issued), proof!);
    },
    /** Whether a proof that failed `verify` is one of this proxy's, only too old. */
    expired(turns: AskTurn[], proof: string | undefined, now = Date.now()): boolean {
      const issued = Number(/^v2\.(\d{1,12})\./.exec(proof ?? '')?.[1] ?? NaN);
      return issued * 1000 + ttlMs <= now && same(signAt(turns, issued), proof!);
    },
  };
}

/** A token for `subject` valid until `expires` (Unix seconds), as the site's login service makes it. */
export const signToken = (secret: string, subject: string, expires: number) =>
  `${expires}.${subject}.${hmac(secret, `token\n${expires}.${subject}`)}`;

/** The token's subject when it is signed with `secret` and not expired; undefined otherwise. */
export function verifyToken(secret: string, token: string, now = Date.now()): string | undefined {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{1,128})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, expires, subject] = match;
  if (Number(expires) * 1000 <= now) return undefined;
  return same(signToken(secret, subject, Number(expires)), token) ? subject : undefined;
}

/** The bearer credential of a request, if any. */
export const bearerOf = (header: string | undefined) =>
  /^Bearer ([\x21-\x7e]{1,512})$/.exec(header ?? '')?.[1];

export const sameSecret = same;
