/**
 * A search thread for the tests (see ../searchPool): the build's own search, but each search first holds
 * its thread, synchronously as a long ranking does, until the test opens the gate. `workerData.gate` is
 * shared memory: [0] is the gate (0 closed, 1 open), [1] counts the searches that started.
 */
import { workerData } from 'node:worker_threads';
import { searchBuild } from '@services-manager-docs/core/search/fromBuild';
import { serveSearches } from '../searchThread';

const { buildDir, gate } = workerData as { buildDir: string; gate: SharedArrayBuffer };
const flags = new Int32Array(gate);
const search = searchBuild(buildDir);

serveSearches({
  ...search,
  search: (query, options) => {
    Atomics.add(flags, 1, 1);
    Atomics.wait(flags, 0, 0);
    return search.search(query, options);
  },
});
