import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicUrlProblem } from '../../../site.links';

afterEach(() => vi.unstubAllEnvs());

describe('publicUrlProblem', () => {
  it('stops a production or CI build without DOCS_URL, naming the variable and the local opt-out', () => {
    for (const vars of [{ NODE_ENV: 'production' }, { CI: 'true' }, { CI: '1', NODE_ENV: 'test' }])
      expect(publicUrlProblem(vars), JSON.stringify(vars)).toMatch(
        /^DOCS_URL is not set: .*DOCS_URL=http:\/\/localhost:3000 npm run build/,
      );
  });

  it('lets development, tests and builds that name their origin through, the local one included', () => {
    expect(publicUrlProblem({})).toBeUndefined();
    expect(publicUrlProblem({ NODE_ENV: 'development' })).toBeUndefined();
    expect(publicUrlProblem({ NODE_ENV: 'test', CI: 'false' })).toBeUndefined();
    for (const url of ['https://docs.example.com', 'https://docs.example.com/', 'http://localhost:3000'])
      expect(publicUrlProblem({ NODE_ENV: 'production', DOCS_URL: url }), url).toBeUndefined();
  });

  it('refuses a DOCS_URL that is not an origin', () => {
    for (const url of ['docs.example.com', 'ftp://docs.example.com', 'https://docs.example.com/docs/'])
      expect(publicUrlProblem({ NODE_ENV: 'production', DOCS_URL: url }), url).toMatch(
        /^DOCS_URL must be the site's origin/,
      );
  });

  it('stops the Markdown export plugin, and so the build, before it does any work', async () => {
    const { default: markdownExportPlugin } = await import('../../markdown-export');
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('DOCS_URL', '');
    expect(() => markdownExportPlugin({} as never, {} as never)).toThrow(/^DOCS_URL is not set/);
  });
});
