import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSecrets, findSecretsIn } from '../secrets';

describe('findSecretsIn', () => {
  it('finds private keys and provider tokens', () => {
    const kinds = (text: string) => findSecretsIn(text, {}).map((finding) => finding.kind);
    expect(kinds('x -----BEGIN RSA PRIVATE KEY----- y')).toEqual(['private key']);
    expect(kinds('key = "AKIAABCDEFGHIJKLMNOP"')).toEqual(['AWS access key id']);
    expect(kinds(`Bearer sk-proj-${'a1B2'.repeat(10)}`)).toEqual(['OpenAI-style API key']);
    expect(kinds(`ghp_${'x'.repeat(36)}`)).toEqual(['GitHub token']);
  });

  it('finds the values of secret environment variables', () => {
    expect(
      findSecretsIn('const k="algolia-admin-0123456789"', {
        DOCS_ALGOLIA_ADMIN_KEY: 'algolia-admin-0123456789',
      }),
    ).toEqual([{ kind: 'the value of DOCS_ALGOLIA_ADMIN_KEY', at: 9 }]);
  });

  it('leaves documentation about keys alone', () => {
    expect(
      findSecretsIn('Create an API key under Settings > API keys, then send it in the X-Api-Key header.', {}),
    ).toEqual([]);
  });
});

describe('findSecrets', () => {
  it('names the file and shows only the start of the secret', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'assets', 'main.js'), 'const token="ghp_' + 'y'.repeat(40) + '";');
    fs.writeFileSync(path.join(root, 'index.html'), '<p>Hello</p>');
    const findings = findSecrets(root, {});
    expect(findings).toEqual([
      { file: path.join('assets', 'main.js'), kind: 'GitHub token', excerpt: 'const token="ghp_yy…' },
    ]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
