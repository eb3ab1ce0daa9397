import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDoc } from '../parse';
import {
  docMarkdown,
  plainUnits,
  unitsMarkdown,
  unitsText,
  type DocContent,
  type Unit,
} from '@services-manager-docs/core/content/model';

const FILE = path.join(__dirname, 'page.md');
const parse = (source: string, file = FILE, resolveLink?: (target: string) => string) =>
  parseDoc(file, {}, { source, resolveLink });
const units = async (source: string): Promise<Unit[]> => (await parse(source)).sections[0].units;

describe('parseDoc: the content model of a page', () => {
  it('splits the page into its opening and H2/H3 sections with Docusaurus anchors', async () => {
    const doc = await parse(
      '---\ntitle: P\n---\n\n# Title\n\nIntro.\n\n## First `part`\n\nOne.\n\n### Detail {#custom-id}\n\nTwo.\n\n## First part\n\nThree.\n\n#### Minor\n\nFour.\n',
    );
    expect(doc.sections.map((s) => [s.level, s.anchor, unitsText(plainUnits(s.units))])).toEqual([
      [1, '', 'Intro.'],
      [2, 'first-part', 'One.'],
      [3, 'custom-id', 'Two.'],
      [2, 'first-part-1', 'Three. Minor Four.'],
    ]);
    expect(doc.sections[1].heading).toEqual([
      { type: 'text', value: 'First ' },
      { type: 'code', value: 'part' },
    ]);
    expect(doc.sections[2].heading).toEqual([{ type: 'text', value: 'Detail' }]);
  });

  it('reads escaped MDX heading ids and ignores headings inside code blocks', async () => {
    const doc = await parse(
      '```bash\n## not a heading\n```\n\n## Request \\{#request\\}\n\nBody.\n',
      'p.mdx',
    );
    expect(doc.sections.map((s) => s.anchor)).toEqual(['', 'request']);
    expect(doc.sections[0].units).toEqual([{ type: 'code', language: 'bash', code: '## not a heading' }]);
  });

  it('keeps a table as header and rows, with inline code and links in cells', async () => {
    expect(await units('| Port | Use |\n| --- | --- |\n| `5672` | [AMQP](https://amqp.org) |\n')).toEqual([
      {
        type: 'table',
        header: [[{ type: 'text', value: 'Port' }], [{ type: 'text', value: 'Use' }]],
        rows: [
          [
            [{ type: 'code', value: '5672' }],
            [{ type: 'link', url: 'https://amqp.org', children: [{ type: 'text', value: 'AMQP' }] }],
          ],
        ],
      },
    ]);
  });

  it('keeps nested lists intact and ordered lists with their start number', async () => {
    const [list] = plainUnits(
      await units('3. Open **Users**.\n4. Choose:\n   - one\n     - deeper\n   - two\n'),
    );
    expect(list).toEqual({
      type: 'list',
      ordered: true,
      start: 3,
      items: [
        { checked: null, units: [{ type: 'paragraph', text: 'Open Users.' }] },
        {
          checked: null,
          units: [
            { type: 'paragraph', text: 'Choose:' },
            {
              type: 'list',
              ordered: false,
              start: 1,
              items: [
                {
                  checked: null,
                  units: [
                    { type: 'paragraph', text: 'one' },
                    {
                      type: 'list',
                      ordered: false,
                      start: 1,
                      items: [{ checked: null, units: [{ type: 'paragraph', text: 'deeper' }] }],
                    },
                  ],
                },
                { checked: null, units: [{ type: 'paragraph', text: 'two' }] },
              ],
            },
          ],
        },
      ],
    });
    // The search index's words, and the Markdown twins and answers write of the same units.
    expect(unitsText([list])).toBe('Open Users. Choose: one deeper two');
    expect(unitsMarkdown([list])).toBe('3. Open Users.\n4. Choose:\n   - one\n     - deeper\n   - two');
  });

  it('keeps a code block whole, with its language', async () => {
    const code = 'rabbitmqctl add_user sm "secret"\n\nrabbitmqctl set_permissions -p / sm ".*" ".*" ".*"';
    expect(await units(`Run:\n\n\`\`\`PowerShell\n${code}\n\`\`\`\n`)).toEqual([
      { type: 'paragraph', text: [{ type: 'text', value: 'Run:' }] },
      { type: 'code', language: 'powershell', code },
    ]);
  });

  it('reads admonitions with their title and everything inside them', async () => {
    expect(
      plainUnits(await units(':::warning[Order matters]\n\nInstall Erlang first.\n\n- a\n\n:::\n')),
    ).toEqual([
      {
        type: 'admonition',
        kind: 'warning',
        title: 'Order matters',
        units: [
          { type: 'paragraph', text: 'Install Erlang first.' },
          {
            type: 'list',
            ordered: false,
            start: 1,
            items: [{ checked: null, units: [{ type: 'paragraph', text: 'a' }] }],
          },
        ],
      },
    ]);
  });

  it('records the links the page shows, resolved by the resolver, once each', async () => {
    const doc = await parse(
      'See [rules](./rules.md#tiers), [rules again](./rules.md#tiers), [a part](#part) and [ref][r].\n\n[r]: https://example.com/ref\n',
      FILE,
      (target) => (target.startsWith('./') ? `/docs/billing/${target.slice(2).replace('.md', '')}` : target),
    );
    expect(doc.links).toEqual(['/docs/billing/rules#tiers', '#part', 'https://example.com/ref']);
  });

  it('reads the JSX of generated pages as what it shows', async () => {
    const doc = await parse(
      [
        "import Tabs from '@theme/Tabs';",
        '',
        '<p className="api-endpoint"><span className="api-badge api-badge--post">POST</span> <code>{"/customers/{id}"}</code></p>',
        '',
        '<Tabs>',
        '<TabItem value="curl" label="curl">',
        '',
        '```bash',
        'curl -X POST https://example.com',
        '```',
        '',
        '</TabItem>',
        '</Tabs>',
        '',
        '<DocCardList />',
      ].join('\n'),
      'p.mdx',
    );
    expect(doc.sections[0].units).toEqual([
      {
        type: 'paragraph',
        text: [
          { type: 'strong', children: [{ type: 'text', value: 'POST' }] },
          { type: 'text', value: ' ' },
          { type: 'code', value: '/customers/{id}' },
        ],
      },
      {
        type: 'tabs',
        tabs: [
          {
            label: 'curl',
            units: [{ type: 'code', language: 'bash', code: 'curl -X POST https://example.com' }],
          },
        ],
      },
      { type: 'cards' },
    ]);
  });

  it('names the file and the line of a page that does not parse', async () => {
    await expect(parse('<Tabs>\n\nnot closed\n', path.join(__dirname, 'broken.mdx'))).rejects.toThrow(
      /broken\.mdx.*:3|broken\.mdx/,
    );
  });
});

describe('docMarkdown: the model back to Markdown', () => {
  it('writes headings, tables, lists from their start, code, admonitions and mapped links', async () => {
    const source = [
      'Intro with [a link](/docs/a) and `code`.',
      '',
      '## Install Erlang {#erlang}',
      '',
      ':::warning[Order matters]',
      '',
      'Install Erlang first.',
      '',
      '```powershell',
      'choco install erlang',
      '```',
      '',
      ':::',
      '',
      '| Port | Use |',
      '| --- | --- |',
      '| 5672 | AMQP \\| TLS |',
      '',
      '2. Second',
      '3. Third',
      '   - nested',
      '',
      '- [x] done',
    ].join('\n');
    const doc: DocContent = await parse(source);
    expect(docMarkdown(doc, { link: (url) => `https://docs.example.com${url}.md` })).toBe(
      [
        'Intro with [a link](https://docs.example.com/docs/a.md) and `code`.',
        '',
        '## Install Erlang',
        '',
        '> **Order matters:** Install Erlang first.',
        '>',
        '> ```powershell',
        '> choco install erlang',
        '> ```',
        '',
        '| Port | Use |',
        '| --- | --- |',
        '| 5672 | AMQP \\| TLS |',
        '',
        '2. Second',
        '3. Third',
        '   - nested',
        '',
        '- [x] done',
      ].join('\n'),
    );
  });

  it('writes a search record’s plain units the same way, with a citation after the last line of prose', () => {
    const p = (text: string) => ({ type: 'paragraph' as const, text });
    const steps = {
      type: 'list' as const,
      ordered: true,
      start: 1,
      items: [
        { checked: null, units: [p('Open Settings.')] },
        {
          checked: null,
          units: [p('Run:'), { type: 'code' as const, language: 'bash', code: 'sm restart' }],
        },
      ],
    };
    const table = { type: 'table' as const, header: ['Port', 'Use'], rows: [['5672', 'AMQP | plain']] };
    expect(unitsMarkdown([p('1. Not a step, words.'), steps], { cite: '[1]' })).toBe(
      '1\\. Not a step, words.\n\n1. Open Settings.\n2. Run: [1]\n   ```bash\n   sm restart\n   ```',
    );
    expect(unitsMarkdown([table], { cite: '[2]' })).toBe(
      '| Port | Use |\n| --- | --- |\n| 5672 | AMQP \\| plain [2] |',
    );
    expect(unitsMarkdown([{ type: 'code', language: 'bash', code: 'sm restart' }], { cite: '[3]' })).toBe(
      '```bash\nsm restart\n```\n\n[3]',
    );
  });

  it('round-trips: the Markdown it writes parses to the same model', async () => {
    const source =
      '## A\n\n1. one\n2. two `x`\n   ```js\n   let a = 1;\n   ```\n\n| h | i |\n| --- | --- |\n| **b** | _c_ |\n\n> quoted\n';
    const doc = await parse(source);
    expect(await parse(docMarkdown(doc))).toEqual(doc);
  });
});
