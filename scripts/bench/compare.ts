/**
 * Comparing production builds in one benchmark run: the builds named on the command line, the order
 * each run visits them in, and the verdict of the README's rule (./stats.ts) on two of them.
 */
import path from 'node:path';
import { proven, type Spread } from '@services-manager-docs/core/utils/stats';

export type Build = { label: string; root: string };

/**
 * The builds given as `[LABEL=]DIR` arguments (./build when none is given), the values of a repeatable
 * `--name VALUE` option, and a `--runs N` count (fallback when absent).
 */
export function compareArgs(args: string[], defaultRuns: number) {
  const option = (name: string) => args.flatMap((arg, i) => (arg === name ? [args[i + 1]] : []));
  const runs = Number(option('--runs')[0] ?? defaultRuns);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of 1 or more');
  const positional = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const builds: Build[] = (positional.length ? positional : ['build']).map((arg) => {
    const [label, dir] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, arg];
    return { label, root: path.resolve(dir) };
  });
  return { option, runs, builds };
}

/**
 * The order in which run `run` visits `count` builds: it rotates from run to run, so the machine's
 * swings (and any warm-up) hit every build alike.
 */
export const runOrder = (run: number, count: number): number[] =>
  Array.from({ length: count }, (_, k) => (run + k) % count);

/** Which of two builds the rule proves faster, if either (lower is better). */
export function verdict(first: Spread, other: Spread, firstLabel: string, otherLabel: string): string {
  if (proven(first, other)) return `${firstLabel} proven faster`;
  if (proven(other, first)) return `${otherLabel} proven faster`;
  return 'no proven difference';
}

export const signed = (percent: number) => `${percent >= 0 ? '+' : ''}${percent.toFixed(0)} %`;

/** A spread of milliseconds as the benchmark tables print it: `median ms (q1–q3)`. */
export const describeSpread = (s: Spread) =>
  `${Math.round(s.median)} ms (${Math.round(s.q1)}–${Math.round(s.q3)})`;
