import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import remarkDiagrams from '../remark';
import { DIAGRAM_DIR, diagramFile, diagramId, diagramLabel, mermaidBlocks, THEMES } from '../shared';
import { sized, wantedDiagrams } from '../../../scripts/diagrams';

const FLOW = 'flowchart LR\n  A[Customer] --> B(Reseller)\n  B --> C{Approved?}';

describe('mermaidBlocks', () => {
  it('finds each Mermaid code block with its line, and nothing else', () => {
    const markdown = [
      '# Title',
      '',
      '```mermaid',
      FLOW,
      '```',
      '',
      '```js',
      'x',
      '```',
      '~~~mermaid',
      'sequenceDiagram',
      '~~~',
      '',
      '````md',
      'A page may draw a diagram:',
      '```mermaid',
      'flowchart LR',
      '```',
      '````',
      '',
      '1. Step',
      '',
      '   ```mermaid',
      '   stateDiagram-v2',
      '   ```',
    ].join('\n');
    // The example inside the Markdown block is code, not a diagram; a list item's diagram is one, with
    // the source the page's diagram has (its indentation is the list's).
    expect(mermaidBlocks(markdown)).toEqual([
      { source: FLOW, line: 3 },
      { source: 'sequenceDiagram', line: 12 },
      { source: 'stateDiagram-v2', line: 25 },
    ]);
  });

  it('reads MDX pages as MDX', () => {
    const markdown =
      "import Tabs from '@theme/Tabs';\n\n<Tabs>\n\n```mermaid\nsequenceDiagram\n```\n\n</Tabs>\n";
    expect(mermaidBlocks(markdown, 'page.mdx')).toEqual([{ source: 'sequenceDiagram', line: 5 }]);
  });
});

describe('diagramLabel', () => {
  it('names the boxes of a diagram, or uses its accessible title and description', () => {
    expect(diagramLabel(FLOW)).toBe('Diagram: Customer, Reseller, Approved?');
    expect(diagramLabel('sequenceDiagram\n  participant P as Portal\n  participant API')).toBe(
      'Sequence diagram: Portal, API',
    );
    expect(
      diagramLabel('flowchart LR\n  accTitle: Order flow\n  accDescr: Orders move to billing\n  A-->B'),
    ).toBe('Order flow. Orders move to billing');
  });
});

describe('sized', () => {
  it('gives the SVG the width and height of its view box', () => {
    expect(sized('<svg width="100%" viewBox="0 0 812.2 478" id="d">')).toBe(
      '<svg width="813" height="478" viewBox="0 0 812.2 478" id="d">',
    );
  });
});

describe('remarkDiagrams', () => {
  const tree = (source: string) => ({
    type: 'root',
    children: [{ type: 'code', lang: 'mermaid', value: source, position: { start: { line: 7 } } }],
  });

  it('replaces a rendered diagram with its light and dark images', () => {
    // Any diagram the docs contain is rendered; use the first one on disk.
    const [block] = fs
      .readdirSync('docs', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.md'))
      .flatMap((file) => mermaidBlocks(fs.readFileSync(`docs/${file}`, 'utf8'), file));
    expect(fs.existsSync(diagramFile(diagramId(block.source), 'light'))).toBe(true);
    const root = tree(block.source);
    remarkDiagrams()(root as never, { path: 'docs/page.md' });
    const figure = root.children[0] as unknown as {
      name: string;
      children: { attributes: { name: string; value: string }[] }[];
    };
    expect(figure.name).toBe('figure');
    const sources = figure.children.map((image) => image.attributes.find((a) => a.name === 'src')?.value);
    expect(sources).toEqual([
      `/img/diagrams/${diagramId(block.source)}.light.svg`,
      `/img/diagrams/${diagramId(block.source)}.dark.svg`,
    ]);
    expect(figure.children[0].attributes.find((a) => a.name === 'alt')?.value).toMatch(
      /^(Diagram|Sequence|State)/,
    );
  });

  it('fails with the file, the line and the command when a diagram has no image', () => {
    expect(() =>
      remarkDiagrams()(tree('flowchart LR\n  New --> Unrendered') as never, { path: 'docs/page.md' }),
    ).toThrow('docs/page.md:7: this Mermaid diagram has no rendered image yet. Run "npm run diagrams"');
  });
});

describe('the committed diagram images', () => {
  it('are exactly the light and dark images of every diagram the docs and the lifecycles show', async () => {
    // A diagram edited, or a lifecycle changed in the specification, without "npm run diagrams" fails here.
    const wanted = await wantedDiagrams();
    const expected = [...wanted.keys()].flatMap((id) => THEMES.map((theme) => `${id}.${theme}.svg`)).sort();
    expect(fs.readdirSync(DIAGRAM_DIR).sort()).toEqual(expected);
  });
});
