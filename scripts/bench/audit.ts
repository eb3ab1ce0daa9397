/**
 * `npm run audit`: the production dependencies (what the built site and its build are made of) must
 * have no high or critical advisory. When the registry's advisory service cannot be reached, it says so
 * and passes, unless AUDIT_REQUIRED=true.
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';

type Report = {
  error?: { summary?: string };
  message?: string;
  vulnerabilities?: Record<string, { severity: string }>;
  metadata?: { vulnerabilities?: Record<string, number> };
};

export type AuditVerdict = {
  /** `checked`: the service answered; `unreachable`: nothing was checked. */
  outcome: 'checked' | 'unreachable';
  /** True when the run must fail. */
  failed: boolean;
  lines: string[];
};

const SERIOUS = ['critical', 'high'];

/** Judges the output of `npm audit --json`; `required` makes an unreachable service a failure. */
export function judgeAudit(stdout: string, stderr: string, required = false): AuditVerdict {
  const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';
  let report: Report;
  try {
    report = JSON.parse(stdout || '{}') as Report;
  } catch {
    report = { error: { summary: lastLine(stderr) } };
  }
  if (report.error || !report.metadata) {
    const why = report.error?.summary || report.message || lastLine(stderr) || 'no report';
    return {
      outcome: 'unreachable',
      failed: required,
      lines: [`npm audit: the advisory service could not be reached (${why}); nothing was checked.`],
    };
  }
  const counts = report.metadata.vulnerabilities ?? {};
  const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, item]) =>
    SERIOUS.includes(item.severity),
  );
  const summary = [...SERIOUS, 'moderate', 'low'].map((level) => `${counts[level] ?? 0} ${level}`);
  return {
    outcome: 'checked',
    failed: serious.length > 0,
    lines: [
      `npm audit (production dependencies): ${summary.join(', ')}`,
      ...serious.map(([name, item]) => `  ${item.severity}: ${name}`),
    ],
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
  const verdict = judgeAudit(run.stdout, run.stderr, process.env.AUDIT_REQUIRED === 'true');
  for (const line of verdict.lines) console.log(line);
  process.exit(verdict.failed ? 1 : 0);
}
