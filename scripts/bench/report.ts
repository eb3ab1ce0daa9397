/**
 * The page `npm run bench` writes (PERFORMANCE.md by default): how the site's performance is measured
 * and kept, then the figures of the run that wrote it. Only the method is text kept here; every figure
 * comes from the run, and a part the run skipped says so instead of keeping older figures.
 */

export type ReportSection = { title: string; body: string };

export type Report = {
  /** ISO date and time of the run. */
  date: string;
  /** The command line's options. */
  options: string[];
  /** One line about the machine: processor, cores, memory, Node.js. */
  machine: string;
  sections: ReportSection[];
  /** Parts not run, with the option that skipped them. */
  skipped: string[];
};

/** A Markdown table; cells must not hold a pipe. */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const METHOD = `## How it is measured

- **First-load JavaScript and HTML**: what Chromium downloads for a first visit to a page, until the
  network is quiet, at gzip level 9 whatever the server sent (\`scripts/bench/first-load.ts\`, shared
  with the gate's byte budgets in \`e2e/budgets.test.ts\`). Deterministic for a given build.
- **Against stock Docusaurus**: a classic-preset site built in the same run from the same \`docs/\` and
  \`api-docs/\` (so the same route table) and the same packages; \`--save-stock\` stores its figures in
  \`scripts/bench/stock-first-load.json\`, which the gate's ratio budgets read.
- **Lighthouse** (mobile profile, the build served by \`scripts/server.ts\`): the median of
  \`--lighthouse-runs\` runs a page with the range of performance scores. Accessibility, best practices
  and SEO must be 100 (\`npm run check:release\` enforces it); performance is printed, not enforced: it
  is timing-based and moves with the machine's load. Lighthouse's 4× CPU slowdown assumes a benchmark
  index of 1,500 or more; on a slower host the pages are measured again at the slowdown its calibration
  table gives.
- **Build cost at scale**: cold production builds of a temporary copy of the site with the docs as they
  are and copied five times: wall time, peak memory, time per page.
- **Ask AI**: the offline engine's evaluation (\`e2e/data/ask-questions.json\`): share of facts stated
  and of answers citing the right page.

Timing figures come from the machine in the header and move by 10–20 % with its load; compare runs made
on the same machine.

## How a change is kept

A change to how pages load, and any change to framework internals, is kept only when a benchmark proves
it: \`npm run bench:main-thread -- shipped=build without=DIR\` (blocking time after the first paint and
time to interactive at 4× CPU slowdown, 12 alternating runs of each build) must show the build without
the change at least 15 % worse in median with interquartile ranges that do not overlap, or
\`npm run bench:lighthouse -- shipped=build without=DIR --runs 5\` must show the same on LCP or TBT.
Put the figures in the commit message; what was measured and not kept stays in the commit history, not
here. The kept changes and the measured reason for each are in CONTRIBUTING.md (*Framework
touchpoints*).

Other benchmarks, each on the production build: \`npm run bench:search\` (bytes the first query
downloads, cold first-query latency, per-keystroke median and p95), \`npm run bench:load\` (requests per
second and latency over loopback), \`npm run bench:mcp\` (the MCP server's \`tools/list\` latency while
searches keep every slot of work busy) and \`npm run bench:ask\` (the Ask AI evaluation with every miss).
`;

/** The whole page. */
export function renderReport(report: Report): string {
  const parts = [
    '# Performance',
    `Written by \`npm run bench${report.options.length ? ` -- ${report.options.join(' ')}` : ''}\` on ${report.date}; ` +
      `do not edit by hand, run the bench again. Machine: ${report.machine}.`,
    METHOD.trim(),
    '## Figures of this run',
    ...report.sections.map(({ title, body }) => `### ${title}\n\n${body.trim()}`),
  ];
  if (report.skipped.length) parts.push(`Not measured in this run: ${report.skipped.join('; ')}.`);
  return `${parts.join('\n\n')}\n`;
}
