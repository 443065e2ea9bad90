// The audit report as `lens audit` prints it: each check that did not pass with its violations and
// traces, at most 40 of them and how many more, then the summary; every line from the audit catalogue.
import { describe, expect, it } from 'vitest';
import { formatAuditReport } from '../../../electron/cli/audit-lines';
import { auditMessage } from '../../../shared/audit/audit-messages';
import { auditTotals, type AuditCheck, type AuditReport } from '../../../shared/audit/audit-report';

const check = (index: number, fields: Partial<AuditCheck> = {}): AuditCheck => ({
  id: `hr-only/q${index}/u-sora/hybrid`,
  expectation: 'hr-only',
  kind: 'never_sees',
  question: `q${index}`,
  mode: 'hybrid',
  principals: ['u-sora'],
  result: 'violated',
  message: auditMessage('never_sees_violated', { count: 1 }),
  text: 'u-sora was handed 1 item it must never see',
  violations: [
    { message: auditMessage('item_forbidden', {}), text: 'hr-salary at rank 1', trace_id: `t-${index}`, rank: 1, document_id: 'hr-salary' },
  ],
  evidence: { trace_ids: [`t-${index}`] },
  ...fields,
});

const report = (checks: AuditCheck[]): AuditReport => ({
  suite: { name: 'hr', file: 'hr.yaml' },
  started_at: '2026-12-05T10:00:00.000Z',
  elapsed_ms: 10,
  concurrency: 1,
  graph_uri: null,
  totals: auditTotals(checks, checks.length, 0),
  exit_code: 1,
  summary: 'hr: 1 violated',
  checks,
  runs: [],
});

describe('the audit report lens audit prints', () => {
  it('lists each check that did not pass with its violations and traces, then the summary', () => {
    const printed = formatAuditReport(
      report([
        check(1),
        check(2, { result: 'could_not_run', violations: [], evidence: { trace_ids: ['t-a', 't-b'], comparison_id: 'cmp-1' } }),
        check(3, { result: 'passed' }),
      ]),
    );
    expect(printed).toBe(
      [
        'VIOLATED  hr-only/q1/u-sora/hybrid',
        '  u-sora was handed 1 item it must never see',
        '  - hr-salary at rank 1 (trace t-1)',
        '  traces: t-1',
        'COULD NOT RUN  hr-only/q2/u-sora/hybrid',
        '  u-sora was handed 1 item it must never see',
        '  traces: t-a, t-b; comparison cmp-1',
        'hr: 1 violated',
        '',
      ].join('\n'),
    );
  });

  it('lists at most 40 checks and says how many more did not pass', () => {
    const printed = formatAuditReport(report(Array.from({ length: 43 }, (_, index) => check(index))));
    expect(printed.match(/^VIOLATED /gm)).toHaveLength(40);
    expect(printed).toContain('… and 3 more checks that did not pass (the JSON report lists every check)\nhr: 1 violated\n');
  });

  it('prints a control character in a check id or trace escaped, never raw', () => {
    const printed = formatAuditReport(report([check(1, { id: 'a\u001b[2Jb', evidence: { trace_ids: ['t\u0007'] } })]));
    expect(printed.includes('\u0007') || printed.includes('\u001b')).toBe(false);
    expect(printed).toContain('VIOLATED  a');
  });
});
