/**
 * `npm run check:release`: the checks that need the network or a quiet machine, run before a release
 * and never in the gate (`npm test`): the dependency audit, axe on every page of the production build in
 * ./build in light and dark mode, Lighthouse's accessibility, best-practices and SEO budget on it, and a
 * short load test of it. Stops at the first failure.
 */
import { spawnSync } from 'node:child_process';

const steps: { name: string; args: string[]; env?: Record<string, string> }[] = [
  { name: 'dependency audit', args: ['tsx', 'scripts/bench/audit.ts'], env: { AUDIT_REQUIRED: 'true' } },
  { name: 'axe on every page', args: ['tsx', 'scripts/bench/axe-all.ts', 'build'] },
  { name: 'Lighthouse budget', args: ['tsx', 'scripts/bench/lighthouse.ts', 'build'] },
  { name: 'load test', args: ['tsx', 'scripts/bench/load.ts'], env: { LOAD_SECONDS: '5' } },
];

for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const result = spawnSync('npx', step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${step.name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ release checks passed');
