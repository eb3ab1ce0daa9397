import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SourceSection } from '@services-manager-docs/core/search/engine';
import { pagesWithoutQueries, readQueries, withQueries } from '../queries';

const section = (url: string) => ({ url }) as SourceSection;
const SECTIONS = [
  section('/docs/'),
  section('/docs/#search'),
  section('/docs/kb/kb00004'),
  section('/docs/kb/kb00004#cause'),
];

const dirs: string[] = [];
/** A queries folder holding `files` (path → YAML text). */
function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-queries-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('readQueries', () => {
  it("gives each section its queries, by its URL: '#' is the page's opening, a trailing slash is dropped", () => {
    const dir = folder({
      'docs.yml': "'#':\n  - how are the docs organised\n'#search':\n  - search tips\n",
      'docs/kb/kb00004.yml': "'#cause':\n  - ' why does the import stop '\n",
    });
    expect(Object.fromEntries(readQueries(dir, SECTIONS))).toEqual({
      '/docs/': ['how are the docs organised'],
      '/docs/#search': ['search tips'],
      '/docs/kb/kb00004#cause': ['why does the import stop'],
    });
  });

  it('needs no folder at all', () => {
    expect(readQueries(path.join(os.tmpdir(), 'no-such-queries-folder'), SECTIONS).size).toBe(0);
  });

  it.each([
    ['docs/kb/kb99999.yml', "'#': [x]\n", /kb99999\.yml: no searchable page \/docs\/kb\/kb99999/],
    [
      'docs/kb/kb00004.yml',
      "'#resolution': [x]\n",
      /kb00004\.yml: "#resolution" is not a searchable section of \/docs\/kb\/kb00004; its sections are #, #cause/,
    ],
    ['docs/kb/kb00004.yml', "'#cause': why\n", /kb00004\.yml: "#cause" must list queries/],
    ['docs/kb/kb00004.yml', "'#cause': [x, '']\n", /kb00004\.yml: "#cause" must list queries/],
    ['docs/kb/kb00004.yml', "'#cause': [x\n", /kb00004\.yml: not valid YAML/],
    ['docs/kb/kb00004.yml', '- a list\n', /kb00004\.yml: expected a mapping/],
  ])('stops on %s holding %j, naming the file and the problem', (file, text, message) => {
    expect(() => readQueries(folder({ [file]: text }), SECTIONS)).toThrow(message);
  });
});

describe('withQueries', () => {
  const paragraph = (text: string) => ({ type: 'paragraph' as const, text });
  const cmdlet = {
    url: '/docs/developer/api/cortex/new-smcustomer',
    title: 'New-SMCustomer',
    summary: 'Creates a customer. Cortex PowerShell cmdlet reference.',
    units: [paragraph('The Cortex PowerShell cmdlet to create a customer.'), paragraph('More.')],
  } as SourceSection;

  it("gives a written page's sections their listed queries and leaves the others without", () => {
    const [listed, unlisted] = withQueries(
      [section('/docs/kb/kb00004'), section('/docs/kb/kb00004#cause')],
      new Map([['/docs/kb/kb00004', ['rabbitmq login refused']]]),
    );
    expect(listed.queries).toEqual(['rabbitmq login refused']);
    expect(unlisted.queries).toBeUndefined();
  });

  it("gives a generated page's opening its title, its description's first sentence and its first paragraph, and its sections their headings", () => {
    const [opening, example] = withQueries(
      [
        cmdlet,
        { ...cmdlet, url: `${cmdlet.url}#example-1`, hierarchy: ['API', 'New-SMCustomer', 'Example 1'] },
      ],
      new Map(),
    );
    expect(opening.queries).toEqual([
      'New-SMCustomer',
      'Creates a customer.',
      'The Cortex PowerShell cmdlet to create a customer.',
    ]);
    expect(example.queries).toEqual(['New-SMCustomer Example 1']);
  });
});

describe('pagesWithoutQueries', () => {
  it('names the written pages none of whose sections has queries, never a generated one', () => {
    const sections = [
      ...SECTIONS,
      section('/docs/concepts/users'),
      section('/docs/concepts/users#limits'),
      section('/docs/developer/api/reference/create-user'),
    ];
    const queries = new Map([
      ['/docs/kb/kb00004#cause', ['why']],
      ['/docs/', ['docs']],
    ]);
    expect(pagesWithoutQueries(sections, queries)).toEqual(['/docs/concepts/users']);
  });
});
