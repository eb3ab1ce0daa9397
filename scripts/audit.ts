/**
 * `npm run audit`: the production dependencies (what the built site and its build are made of) must
 * have no high or critical advisory. When the registry's advisory service cannot be reached, it says so
 * and passes, unless AUDIT_REQUIRED=true.
 */
import { spawnSync } from 'node:child_process';

type Report = {
  error?: { summary?: string };
  message?: string;
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
  metadata?: { vulnerabilities?: Record<string, number> };
};

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report: Report = {};
try {
  report = JSON.parse(run.stdout || '{}') as Report;
} catch {
  report = { error: { summary: run.stderr.trim().split('\n').at(-1) } };
}

if (report.error || !report.metadata) {
  const why = report.error?.summary || report.message || run.stderr.trim().split('\n').at(-1) || 'no report';
  console.log(`npm audit: the advisory service could not be reached (${why}); nothing was checked.`);
  process.exit(process.env.AUDIT_REQUIRED === 'true' ? 1 : 0);
}

const counts = report.metadata.vulnerabilities ?? {};
const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, item]) =>
  ['high', 'critical'].includes(item.severity),
);
console.log(
  `npm audit (production dependencies): ${['critical', 'high', 'moderate', 'low']
    .map((level) => `${counts[level] ?? 0} ${level}`)
    .join(', ')}`,
);
for (const [name, item] of serious) console.log(`  ${item.severity}: ${name}`);
process.exit(serious.length ? 1 : 0);
