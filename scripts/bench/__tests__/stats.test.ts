import { describe, expect, it } from 'vitest';
import { medianChange, proven, quantile, spread } from '@services-manager-docs/core/utils/stats';
import path from 'node:path';
import { compareArgs, runOrder, verdict } from '../compare';
import { blockingTimeAfter, interactiveAt } from '../main-thread';

describe('quantile and spread', () => {
  it('interpolates between ranks and ignores input order', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(spread([5, 1, 4, 2, 3])).toEqual({ median: 3, q1: 2, q3: 4 });
    expect(quantile([7], 0.25)).toBe(7);
  });

  it('refuses an empty sample', () => {
    expect(() => quantile([], 0.5)).toThrow(/no values/);
  });
});

describe('the keep rule', () => {
  const fast = { median: 100, q1: 90, q3: 110 };

  it('proves a change when the build without it is 15 % slower and the ranges are apart', () => {
    expect(proven(fast, { median: 130, q1: 120, q3: 140 })).toBe(true);
  });

  it('does not prove it when the ranges overlap, however far apart the medians', () => {
    expect(proven(fast, { median: 200, q1: 105, q3: 300 })).toBe(false);
  });

  it('does not prove it when the medians differ by less than 15 %', () => {
    expect(proven(fast, { median: 114, q1: 112, q3: 116 })).toBe(false);
  });

  it('names the proven build, or neither', () => {
    const slow = { median: 130, q1: 120, q3: 140 };
    expect(verdict(fast, slow, 'a', 'b')).toBe('a proven faster');
    expect(verdict(slow, fast, 'a', 'b')).toBe('b proven faster');
    expect(verdict(fast, fast, 'a', 'b')).toBe('no proven difference');
    expect(medianChange(fast, slow)).toBe(30);
  });
});

describe('main-thread figures', () => {
  const tasks: [number, number][] = [
    [100, 300], // before the paint: not counted
    [900, 120],
    [1200, 50],
    [1500, 80],
  ];

  it('adds the time over 50 ms of the long tasks that start after the paint', () => {
    expect(blockingTimeAfter(tasks, 800)).toBe(70 + 0 + 30);
    expect(blockingTimeAfter([], 800)).toBe(0);
  });

  it('is interactive once hydrated and the last long task after the paint has ended', () => {
    expect(interactiveAt(tasks, 800, 1000)).toBe(1580);
    expect(interactiveAt(tasks, 800, 2000)).toBe(2000);
    expect(interactiveAt([[100, 300]], 800, 0)).toBe(800);
  });
});

describe('comparing builds', () => {
  it('reads [LABEL=]DIR builds, --runs and repeated options, and defaults to ./build', () => {
    const { option, runs, builds } = compareArgs(
      ['shipped=build', '--runs', '5', '/tmp/before', '--page', '/a', '--page', '/b=c'],
      1,
    );
    expect(runs).toBe(5);
    expect(builds).toEqual([
      { label: 'shipped', root: path.resolve('build') },
      { label: '/tmp/before', root: '/tmp/before' },
    ]);
    expect(option('--page')).toEqual(['/a', '/b=c']);
    expect(compareArgs([], 12)).toMatchObject({
      runs: 12,
      builds: [{ label: 'build', root: path.resolve('build') }],
    });
    expect(compareArgs(['x=a=b'], 1).builds).toEqual([{ label: 'x', root: path.resolve('a=b') }]);
  });

  it('refuses a run count that is not a whole number of 1 or more', () => {
    for (const bad of ['0', '2.5', 'many']) expect(() => compareArgs(['--runs', bad], 1)).toThrow(/--runs/);
  });

  it('visits every build once a run, each first in turn', () => {
    const orders = [0, 1, 2].map((run) => runOrder(run, 3));
    expect(orders).toEqual([
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
    ]);
    expect(runOrder(5, 1)).toEqual([0]);
  });
});
