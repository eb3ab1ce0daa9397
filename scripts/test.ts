/**
 * `npm test`: the gate; it stops at the first failure. The static checks and the unit tests run side by
 * side (each is printed whole when it ends), then the production build, made once exactly as it ships,
 * then the browser suite (every `e2e/*.test.ts`) against that build served as a static host serves it.
 * Nothing here needs the network or depends on the machine's speed. Lighthouse, the load test and the
 * dependency audit are `npm run check:release`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { ensureBrowser } from './browser';
import { LOCAL_SITE_URL } from '../site.links';

// A production build stops without the site's public origin (DOCS_URL, see site.links.ts). The gate's
// build is served on loopback: it says so explicitly, and every step (the e2e tests compare URLs with
// it) reads the same value.
process.env.DOCS_URL ||= LOCAL_SITE_URL;

type Step = { name: string; command: string; args: string[]; needsBrowser?: boolean };
/** Steps one after another; the lanes of a stage run at the same time, the stages in order. */
type Lane = Step[];

const e2eFiles = () =>
  fs
    .readdirSync('e2e')
    .filter((file) => file.endsWith('.test.ts'))
    .sort()
    .map((file) => `e2e/${file}`);

const stages: Lane[][] = [
  // The type check and the linters use one core each, side by side with the unit tests (about 100 s on
  // two cores, where the unit tests alone take about 65 s).
  [
    [{ name: 'type check', command: 'npx', args: ['tsc', '--noEmit'] }],
    [
      { name: 'lint', command: 'npx', args: ['eslint', '.'] },
      { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
    ],
    [{ name: 'unit tests', command: 'npx', args: ['vitest', 'run'] }],
  ],
  [[{ name: 'production build', command: 'npm', args: ['run', 'build'] }]],
  [
    [
      {
        // Two files at a time: each has its own server and browser, and part of a browser test is waiting.
        name: 'end-to-end tests',
        command: 'node',
        args: ['--import', 'tsx', '--test', '--test-concurrency=2', ...e2eFiles()],
        needsBrowser: true,
      },
    ],
  ],
];

const only = process.argv.slice(2);
const selected = (step: Step) => !only.length || only.some((word) => step.name.includes(word));
const running = new Set<ChildProcess>();
const timings: string[] = [];

/** Runs one step; its output streams live when it runs alone, and is printed when it ends otherwise. */
function run(step: Step, alone: boolean): Promise<void> {
  if (step.needsBrowser) ensureBrowser();
  if (alone) console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  // A step beside others gets its own process group, so stopping it stops what it started.
  const child = spawn(step.command, step.args, {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    detached: !alone,
  });
  running.add(child);
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!alone) process.stdout.write(`\n▶ ${step.name}\n${Buffer.concat(output).toString()}`);
      if (code !== 0) return reject(new Error(`${step.name} failed after ${seconds}s`));
      timings.push(`${step.name} ${seconds}s`);
      console.log(`✔ ${step.name} (${seconds}s)`);
      resolve();
    });
  });
}

async function main() {
  const total = Date.now();
  for (const stage of stages) {
    const lanes = stage.map((lane) => lane.filter(selected)).filter((lane) => lane.length);
    const alone = lanes.length === 1 && lanes[0].length === 1;
    await Promise.all(
      lanes.map(async (lane) => {
        for (const step of lane) await run(step, alone);
      }),
    );
  }
  console.log(`\n✔ all checks passed in ${((Date.now() - total) / 1000).toFixed(0)}s: ${timings.join(', ')}`);
}

/** Stops the steps still running beside a failed one, or when the gate itself is interrupted. */
function stopAll() {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });

main().catch((error: unknown) => {
  stopAll();
  console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
