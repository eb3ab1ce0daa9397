import { describe, expect, it } from 'vitest';
import { calibratedSlowdown, checkBudget, medianRun, type LighthouseFigures } from '../lighthouse';

const figures = (overrides: Partial<LighthouseFigures> = {}): LighthouseFigures => ({
  url: 'http://127.0.0.1:4000/docs/concepts/platformfeatures/billing/rules',
  scores: { performance: 70, accessibility: 100, 'best-practices': 100, seo: 100 },
  lcpMs: 2000,
  tbtMs: 300,
  cls: 0,
  transferBytes: 280_000,
  scriptBytes: 180 * 1024,
  benchmarkIndex: 1000,
  failedAudits: [],
  ...overrides,
});

describe('checkBudget', () => {
  it('passes a page at 100 in accessibility, best practices and SEO within its script budget', () => {
    expect(checkBudget(figures())).toEqual([]);
  });

  it('names each category below 100 and a script budget overrun; performance is not enforced', () => {
    const failures = checkBudget(
      figures({
        scores: { performance: 10, accessibility: 96, 'best-practices': 100, seo: 92 },
        scriptBytes: 250 * 1024,
      }),
    );
    expect(failures).toEqual([
      '/docs/concepts/platformfeatures/billing/rules: accessibility 96 < 100',
      '/docs/concepts/platformfeatures/billing/rules: seo 92 < 100',
      '/docs/concepts/platformfeatures/billing/rules: first-load JavaScript 250.0 KB > 200 KB',
    ]);
  });
});

describe('calibratedSlowdown', () => {
  it("follows Lighthouse's calibration table for emulating a mid-tier phone", () => {
    expect(calibratedSlowdown(1800)).toBe(4);
    expect(calibratedSlowdown(1200)).toBe(2);
    expect(calibratedSlowdown(900)).toBe(2);
    expect(calibratedSlowdown(500)).toBe(1);
  });
});

describe('medianRun', () => {
  const run = (performance: number, tbtMs: number) =>
    figures({ scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 }, tbtMs });

  it('keeps the run with the median performance score and reports the range', () => {
    const { median, range } = medianRun([run(91, 310), run(74, 900), run(88, 420)]);
    expect(median.tbtMs).toBe(420);
    expect(range).toEqual([74, 91]);
  });

  it('takes the lower middle run of an even number, and a single run as it is', () => {
    expect(medianRun([run(90, 1), run(80, 2), run(95, 3), run(70, 4)]).median.tbtMs).toBe(2);
    expect(medianRun([run(60, 5)])).toMatchObject({ range: [60, 60] });
  });
});
