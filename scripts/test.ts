/**
 * `npm test`: the gate, cheapest check first; it stops at the first failure. It builds the production
 * site once, exactly as it ships, and tests that build: facts of every page read from the built files,
 * then the browser suite (every `e2e/*.test.ts`) against the build served as a static host serves it.
 * Nothing here needs the network or depends on the machine's speed. Lighthouse, the load test and the
 * dependency audit are `npm run check:release`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureBrowser } from './browser';

type Step = { name: string; command: string; args: string[]; needsBrowser?: boolean };

const e2eFiles = () =>
  fs
    .readdirSync('e2e')
    .filter((file) => file.endsWith('.test.ts'))
    .sort()
    .map((file) => `e2e/${file}`);

const steps: Step[] = [
  { name: 'type check', command: 'npx', args: ['tsc', '--noEmit'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'unit tests', command: 'npx', args: ['vitest', 'run'] },
  { name: 'production build', command: 'npm', args: ['run', 'build'] },
  {
    // Two files at a time: each has its own server and browser, and most of a browser test is waiting.
    name: 'end-to-end tests',
    command: 'node',
    args: ['--import', 'tsx', '--test', '--test-concurrency=2', ...e2eFiles()],
    needsBrowser: true,
  },
];

const only = process.argv.slice(2);
const timings: string[] = [];
const total = Date.now();
for (const step of steps) {
  if (only.length && !only.some((word) => step.name.includes(word))) continue;
  if (step.needsBrowser) ensureBrowser();
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${step.name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  timings.push(`${step.name} ${seconds}s`);
  console.log(`✔ ${step.name} (${seconds}s)`);
}
console.log(`\n✔ all checks passed in ${((Date.now() - total) / 1000).toFixed(0)}s: ${timings.join(', ')}`);
