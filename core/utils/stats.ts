/** Summary statistics for repeated timing runs. */

/** The q-quantile (0–1) of the values, interpolated linearly between the nearest ranks. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) throw new Error('quantile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * q;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export type Spread = { median: number; q1: number; q3: number };

export const spread = (values: number[]): Spread => ({
  median: quantile(values, 0.5),
  q1: quantile(values, 0.25),
  q3: quantile(values, 0.75),
});

/** The smallest worsening of the median that counts as an effect, as a fraction of the better median. */
export const MIN_EFFECT = 0.15;

/**
 * Whether a change is proven worth keeping: the build without it (`without`) is worse than the build
 * with it (`withIt`) by at least MIN_EFFECT of the median, and the interquartile ranges do not overlap.
 * Lower is better (milliseconds).
 */
export function proven(withIt: Spread, without: Spread): boolean {
  const worse = without.median >= withIt.median * (1 + MIN_EFFECT);
  return worse && without.q1 > withIt.q3;
}

/** Relative change of the median from `from` to `to`, in percent (positive: `to` is slower). */
export const medianChange = (from: Spread, to: Spread) =>
  from.median === 0 ? (to.median === 0 ? 0 : Infinity) : ((to.median - from.median) / from.median) * 100;
