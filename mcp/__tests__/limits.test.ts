import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { queryTerms } from '@services-manager-docs/core/search/engine';
import type { SearchOptions, SearchProvider } from '@services-manager-docs/core/search/types';
import { boundedSearch, boundQuery, MAX_HITS, MAX_QUERY_TERMS } from '../limits';
import { loadSite, type Site } from '../site';
import { connectClient, writeFixtureBuild } from './fixture';

const WORDS =
  'customer subscription billing invoice provisioning exchange mailbox tenant partner center token refresh workspace variables plans offering reseller domain'.split(
    ' ',
  );
const LONG = WORDS.join(' ');

/** A provider that answers nothing and remembers what it was asked. */
function spy() {
  const calls: { query: string; options: SearchOptions }[] = [];
  const provider: SearchProvider = {
    name: 'local',
    suggestions: async () => [],
    search: async (query, options = {}) => {
      calls.push({ query, options });
      return { ok: true, query, hits: [], total: 0 };
    },
  };
  return { calls, provider };
}

describe('boundQuery', () => {
  it('keeps a query of up to MAX_QUERY_TERMS words as typed', () => {
    const query = 'How do I regenerate the Partner Center token for Add-SMCustomerPlan?';
    expect(boundQuery(query)).toBe(query);
  });

  it('cuts a longer one before its next word, keeping case', () => {
    const bounded = boundQuery(`Add-SMCustomerPlan ${LONG}`);
    expect(queryTerms(bounded)).toHaveLength(MAX_QUERY_TERMS);
    expect(bounded.startsWith('Add-SMCustomerPlan customer subscription')).toBe(true);
    expect(queryTerms(LONG).length).toBeGreaterThan(MAX_QUERY_TERMS);
  });

  it('never leaves more words than the bound, whatever the text (Unicode that lower-cases into two words too)', () => {
    expect(queryTerms('xİ'.repeat(100)).length).toBeGreaterThan(MAX_QUERY_TERMS);
    expect(queryTerms(boundQuery('xİ'.repeat(100))).length).toBeLessThanOrEqual(MAX_QUERY_TERMS);
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300, unit: 'grapheme' }),
        fc.integer({ min: 1, max: 20 }),
        (text, max) => {
          expect(queryTerms(boundQuery(text, max)).length).toBeLessThanOrEqual(max);
        },
      ),
    );
  });
});

describe('boundedSearch', () => {
  it('bounds the words and the hits of every search', async () => {
    const { calls, provider } = spy();
    const bounded = boundedSearch(provider);
    await bounded.search(LONG, { limit: 10_000 });
    await bounded.search('token', { offset: 490, limit: 20 });
    await bounded.search('token', { offset: 10_000, limit: 20 });
    expect(queryTerms(calls[0].query)).toHaveLength(MAX_QUERY_TERMS);
    expect(calls.map((call) => [call.options.offset, call.options.limit])).toEqual([
      [0, MAX_HITS],
      [490, 10],
      [MAX_HITS, 0],
    ]);
  });
});

describe('the MCP tools search within the bounds', () => {
  let dir: string;
  let client: Client;
  const { calls, provider } = spy();

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-limits-'));
    const site: Site = {
      ...(await loadSite({
        buildDir: writeFixtureBuild(dir),
        origin: 'https://docs.example.com',
      })),
      search: provider,
    };
    client = await connectClient(site);
  });
  afterAll(async () => {
    await client?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('search_docs and read_page pass at most MAX_QUERY_TERMS words to the engine', async () => {
    await client.callTool({ name: 'search_docs', arguments: { query: LONG.slice(0, 200) } });
    await client.callTool({
      name: 'read_page',
      arguments: { url_or_path: `/docs/${WORDS.join('/')}/${WORDS.join('-')}`.slice(0, 500) },
    });
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(queryTerms(call.query).length).toBeLessThanOrEqual(MAX_QUERY_TERMS);
  });
});
