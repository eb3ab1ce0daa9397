import { describe, expect, it } from 'vitest';
import { judgeAudit } from '../audit';

/** The shape `npm audit --json` prints (report version 2), with the given advisories. */
function report(vulnerabilities: Record<string, string>): string {
  const counts: Record<string, number> = { info: 0, low: 0, moderate: 0, high: 0, critical: 0 };
  for (const severity of Object.values(vulnerabilities)) counts[severity] += 1;
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: Object.fromEntries(
      Object.entries(vulnerabilities).map(([name, severity]) => [
        name,
        { name, severity, isDirect: false, via: [], effects: [], range: '*', nodes: [], fixAvailable: true },
      ]),
    ),
    metadata: { vulnerabilities: { ...counts, total: Object.keys(vulnerabilities).length } },
  });
}

describe('judgeAudit', () => {
  it('passes a clean report and prints the counts', () => {
    expect(judgeAudit(report({}), '')).toEqual({
      outcome: 'checked',
      failed: false,
      lines: ['npm audit (production dependencies): 0 critical, 0 high, 0 moderate, 0 low'],
    });
  });

  it('passes moderate and low advisories', () => {
    const verdict = judgeAudit(report({ 'left-pad': 'moderate', 'is-odd': 'low' }), '');
    expect(verdict.failed).toBe(false);
    expect(verdict.lines[0]).toBe(
      'npm audit (production dependencies): 0 critical, 0 high, 1 moderate, 1 low',
    );
  });

  it('fails on a high or critical advisory and names the package', () => {
    const verdict = judgeAudit(report({ 'serve-handler': 'high', minimist: 'critical', qs: 'low' }), '');
    expect(verdict.failed).toBe(true);
    expect(verdict.lines.slice(1)).toEqual(['  high: serve-handler', '  critical: minimist']);
  });

  it('reports an advisory service that answers with an HTTP error, and passes unless required', () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.example.com/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    const verdict = judgeAudit(refused, '');
    expect(verdict).toEqual({
      outcome: 'unreachable',
      failed: false,
      lines: [
        'npm audit: the advisory service could not be reached (405 Method Not Allowed - POST ' +
          'https://registry.example.com/-/npm/v1/security/advisories/bulk); nothing was checked.',
      ],
    });
    expect(judgeAudit(refused, '', true).failed).toBe(true);
  });

  it('reports output that is not JSON by the last line npm wrote to stderr', () => {
    const verdict = judgeAudit('', 'npm warn something\nnpm error network request failed');
    expect(verdict.outcome).toBe('unreachable');
    expect(verdict.lines[0]).toContain('(npm error network request failed)');
  });
});
