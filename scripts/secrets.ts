/**
 * Finds what looks like a secret in the built site: private keys, provider API tokens, and the values
 * of the secret environment variables the site's tools read (the Ask AI proxy's model key, an Algolia
 * admin key), which must never reach a page. `npm test` fails if the build contains any.
 */
import fs from 'node:fs';
import path from 'node:path';

const PATTERNS: [string, RegExp][] = [
  ['private key', /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/],
  ['AWS access key id', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/],
  ['OpenAI-style API key', /\bsk-(?:proj-|live-)?[A-Za-z0-9_-]{32,}/],
  ['GitHub token', /\bgh[pousr]_[A-Za-z0-9]{36,}\b/],
  ['Slack token', /\bxox[abprs]-[A-Za-z0-9-]{10,}/],
  ['Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
  ['Stripe secret key', /\b[sr]k_live_[0-9A-Za-z]{24,}/],
  ['JSON web token', /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
];

/** Environment variables that hold secrets; their values must not appear in the build. */
export const SECRET_VARIABLES = ['ASK_API_KEY', 'DOCS_ALGOLIA_ADMIN_KEY', 'ALGOLIA_ADMIN_KEY'];

export type Finding = { file: string; kind: string; excerpt: string };

export function findSecretsIn(
  text: string,
  env: NodeJS.ProcessEnv = process.env,
): { kind: string; at: number }[] {
  const found: { kind: string; at: number }[] = [];
  for (const [kind, pattern] of PATTERNS) {
    const match = pattern.exec(text);
    if (match) found.push({ kind, at: match.index });
  }
  for (const name of SECRET_VARIABLES) {
    const value = env[name]?.trim();
    const at = value && value.length >= 8 ? text.indexOf(value) : -1;
    if (at !== -1) found.push({ kind: `the value of ${name}`, at });
  }
  return found;
}

/** Every text file of a build, scanned; compressed copies are skipped (their originals are scanned). */
export function findSecrets(root: string, env: NodeJS.ProcessEnv = process.env): Finding[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(html|js|css|json|txt|md|xml|svg|map|webmanifest)$|^_headers$/.test(file))
    .flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      return findSecretsIn(text, env).map(({ kind, at }) => ({
        file,
        kind,
        // Enough to find it, not enough to leak it further.
        excerpt: `${text.slice(Math.max(0, at - 20), at).replace(/\s+/g, ' ')}${text.slice(at, at + 6)}…`,
      }));
    });
}
