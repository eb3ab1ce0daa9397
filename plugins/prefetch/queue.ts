/**
 * How long one idle slice may spend on prefetching, in ms. Slices stay short even on a phone four
 * times slower than this budget was measured on: well under the 50 ms of a "long task".
 */
export const SLICE_MS = 4;

type Scheduler = (run: () => void) => void;

/**
 * Wraps `prefetch` so that calls are queued (each route once) and run in slices of at most SLICE_MS,
 * one slice per `schedule` callback, in the order they were asked for.
 */
export function idlePrefetch(
  prefetch: (routePath: string) => unknown,
  schedule: Scheduler,
  now: () => number = () => performance.now(),
): (routePath: string) => boolean {
  const queue: string[] = [];
  const queued = new Set<string>();
  let scheduled = false;
  const run = () => {
    scheduled = false;
    const start = now();
    while (queue.length > 0 && now() - start < SLICE_MS) prefetch(queue.shift()!);
    if (queue.length > 0) arm();
  };
  const arm = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(run);
  };
  return (routePath) => {
    if (queued.has(routePath)) return false;
    queued.add(routePath);
    queue.push(routePath);
    arm();
    return true;
  };
}
