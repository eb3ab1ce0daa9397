import { describe, expect, it } from 'vitest';
import { blockingTimeAfter, mainStartupMs, type CpuProfile } from '../bench-main-thread';

describe('blockingTimeAfter', () => {
  it('adds the time over 50 ms of the long tasks that start after the paint', () => {
    const tasks: [number, number][] = [
      [100, 300], // before the paint: not counted
      [900, 120],
      [1200, 50],
      [1500, 80],
    ];
    expect(blockingTimeAfter(tasks, 800)).toBe(70 + 0 + 30);
    expect(blockingTimeAfter([], 800)).toBe(0);
  });
});

describe('mainStartupMs', () => {
  const frame = (url: string, functionName = '', lineNumber = 0, columnNumber = 0) => ({
    functionName,
    url,
    lineNumber,
    columnNumber,
  });

  it('counts the samples under the main bundle’s top-level frame, not its later calls', () => {
    const main = 'http://127.0.0.1:3000/assets/js/main.0a1b2c3d.js';
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('', '(root)'), children: [2, 4, 5] },
        { id: 2, callFrame: frame(main), children: [3] },
        { id: 3, callFrame: frame(main, 'evaluateModule', 0, 5120) },
        { id: 4, callFrame: frame(main, 'hydrate', 0, 9000) },
        { id: 5, callFrame: frame('http://127.0.0.1:3000/assets/js/8849.js') },
      ],
      samples: [2, 3, 3, 4, 5, 1],
      timeDeltas: [1000, 2000, 2000, 4000, 500, 500],
    };
    expect(mainStartupMs(profile)).toBe(5);
  });
});
