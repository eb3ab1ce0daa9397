/**
 * `npm test`: every check, cheapest first. One production build (with the end-to-end fixture routes)
 * is made and the browser suite runs against it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureBrowser } from './browser';

type Step = { name: string; command: string; args: string[]; env?: Record<string, string> };

const steps: Step[] = [
  { name: 'type check', command: 'npx', args: ['tsc', '--noEmit'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'unit tests', command: 'npx', args: ['vitest', 'run'] },
  { name: 'dependency audit', command: 'npx', args: ['tsx', 'scripts/audit.ts'] },
  { name: 'production build', command: 'npm', args: ['run', 'build'], env: { DOCS_E2E_FIXTURES: 'true' } },
  {
    name: 'end-to-end tests',
    command: 'node',
    args: [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      ...fs
        .readdirSync('e2e')
        .filter((file) => file.endsWith('.test.ts'))
        .map((file) => `e2e/${file}`),
    ],
  },
  { name: 'quality budget (Lighthouse)', command: 'npx', args: ['tsx', 'scripts/lighthouse.ts', 'build'] },
  { name: 'load test', command: 'npx', args: ['tsx', 'scripts/load.ts'], env: { LOAD_SECONDS: '5' } },
];

const only = process.argv.slice(2);
for (const step of steps) {
  if (only.length && !only.some((word) => step.name.includes(word))) continue;
  if (step.name === 'end-to-end tests') ensureBrowser();
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${step.name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${step.name} (${seconds}s)`);
}
