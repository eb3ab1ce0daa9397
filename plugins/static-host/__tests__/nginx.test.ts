import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFile } from '../host';
import { askPathOf } from '../host';
import { nginxConfig, readHeaderRules } from '../nginx';

const HEADERS = headersFile(contentSecurityPolicy(["'sha256-abc='"]));
const SITE = { origin: 'https://docs.example.com', baseUrl: '/', askPath: '/ask' };

/** The body of the location block `match`, or undefined. */
function block(config: string, match: string): string | undefined {
  const start = config.indexOf(`  location ${match} {\n`);
  return start === -1 ? undefined : config.slice(start, config.indexOf('\n  }\n', start));
}

describe('nginxConfig', () => {
  const config = nginxConfig(HEADERS, SITE);

  it('repeats every header of _headers in every location that serves files, with its caching', () => {
    const [site, assets, worker] = readHeaderRules(HEADERS);
    expect([site.pattern, assets.pattern, worker.pattern]).toEqual(['/*', '/assets/*', '/sw.js']);
    for (const [match, cache] of [
      ['/', 'public, max-age=0, must-revalidate'],
      ['/assets/', 'public, max-age=31536000, immutable'],
      ['= /sw.js', 'no-cache'],
      ['= /404.html', 'no-store'],
    ]) {
      const body = block(config, match)!;
      expect(body, match).toBeDefined();
      for (const [name, value] of site.headers)
        expect(body, `${match} ${name}`).toContain(`add_header ${name} "${value}" always;`);
      expect(body).toContain(`add_header Cache-Control "${cache}" always;`);
    }
    expect(block(config, '= /sw.js')).toContain('add_header Service-Worker-Allowed "/" always;');
  });

  it('serves clean URLs, redirects .html, refuses dotfiles and host files, and limits connections', () => {
    expect(block(config, '/')).toContain('try_files $uri $uri/index.html $uri.html =404;');
    expect(config).toContain('error_page 404 /404.html;');
    expect(config).toContain('server_name docs.example.com;');
    expect(config).toMatch(/location ~ \/\\\.\(\?!well-known\/\) \{[^}]*return 404;/);
    expect(config).toMatch(/location ~ \^\/\(_headers\|_nginx\\\.conf\)\$ \{[^}]*return 404;/);
    expect(config).toContain('gzip_static on;');
    expect(config).toMatch(/limit_conn_zone \$binary_remote_addr zone=services_manager_docs:10m;/);
    expect(block(config, '= /ask')).toMatch(/limit_conn services_manager_docs 8;[\s\S]*proxy_buffering off;/);
    expect(block(config, '= /mcp')).toContain('proxy_pass http://127.0.0.1:3333/mcp;');
    // The client's address as the connection gives it, never what the client wrote in the header.
    expect(config).not.toContain('$proxy_add_x_forwarded_for');
  });

  it('refuses what it cannot translate rather than serve other headers than _headers', () => {
    expect(() => nginxConfig('/*.pdf\n  X-Robots-Tag: noindex\n', SITE)).toThrow(/no nginx location/);
    expect(() => nginxConfig('/*\n  X-Test: "quoted"\n', SITE)).toThrow(/cannot carry/);
    expect(() => readHeaderRules('  X-Orphan: 1')).toThrow(/cannot read the line/);
  });

  it('puts the Ask AI proxy at the endpoint the site calls when that is on this site', () => {
    expect(askPathOf(undefined, SITE.origin)).toBe('/ask');
    expect(askPathOf('/api/ask', SITE.origin)).toBe('/api/ask');
    expect(askPathOf('https://docs.example.com/api/ask?x', SITE.origin)).toBe('/api/ask');
    expect(askPathOf('https://ask.example.com/ask', SITE.origin)).toBe('/ask');
    expect(block(nginxConfig(HEADERS, { ...SITE, askPath: '/api/ask' }), '= /api/ask')).toBeDefined();
  });
});
