import { describe, expect, it } from 'vitest';
import { addRequestOrigins, chunksByRequest, type ChunkStats, type ClientManifest } from '..';

/** Bundler stats as webpack and Rspack write them for a doc page's imports (ids as Rspack gives them). */
const stats: ChunkStats = {
  chunks: [
    // The entry: its origin is the client entry, which server rendering never reports.
    { names: ['main'], initial: true, origins: [{ request: './clientEntry.js' }] },
    // The doc component and the page's content, each in a group with the shared chunks it needs.
    { names: ['17896441'], origins: [{ request: '@theme/DocItem' }] },
    { names: ['ffbb4269'], origins: [{ request: '@site/docs/rules.md' }] },
    // Shared chunks have no name; the styles chunk collects the CSS of every import.
    { names: [], origins: [{ request: '@theme/DocItem' }] },
    { names: ['styles'], origins: [{ request: '@theme/DocItem' }, { request: '@site/docs/rules.md' }] },
  ],
  namedChunkGroups: {
    main: { chunks: ['5021', '4014', '1889'] },
    '17896441': { chunks: ['4014', '1814', '521', '106'] },
    ffbb4269: { chunks: ['4014', '1170', '4851'] },
  },
};

describe('page chunks in the client manifest', () => {
  it('maps each import request to the chunks of the group its import creates', () => {
    expect(chunksByRequest(stats)).toEqual(
      new Map([
        ['@theme/DocItem', ['4014', '1814', '521', '106']],
        ['@site/docs/rules.md', ['4014', '1170', '4851']],
      ]),
    );
  });

  it('ignores entry chunks, chunks without a group of their name and origins without a request', () => {
    expect(
      chunksByRequest({ chunks: [{ names: ['x'], origins: [{}] }], namedChunkGroups: { x: {} } }),
    ).toEqual(new Map());
    expect(chunksByRequest({})).toEqual(new Map());
  });

  it('adds each request as a manifest key, keeping keys the manifest already has', () => {
    const manifest: ClientManifest = {
      entrypoints: ['main'],
      origins: { main: ['4014', '5021', '1889'], '@theme/DocItem': ['106'] },
      assets: {},
    };
    expect(addRequestOrigins(manifest, chunksByRequest(stats))).toBe(1);
    expect(manifest.origins['@site/docs/rules.md']).toEqual(['4014', '1170', '4851']);
    expect(manifest.origins['@theme/DocItem']).toEqual(['106']);
  });
});
