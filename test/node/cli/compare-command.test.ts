import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY } from '../../../shared/acl/access-policy';
import { compileAclToExplainer } from '../../../shared/acl/explain-access';
import type { Comparison, LeakCheck } from '../../../shared/compare/comparison';
import { nodeAccessOf } from '../../../shared/compare/node-access';
import type { Outcome } from '../../../shared/context-contract';
import { comparisonRun } from '../../../shared/compare/assemble-comparison';
import { compareTask } from '../../../electron/cli/commands/compare-command';
import { compareExitCode, formatComparison, leakCsvText } from '../../../electron/cli/commands/compare-format';
import { parseCsv } from '../../support/parse-csv';
import { twoRunComparison } from '../../support/comparison-factory';
import { buildRunRecord } from '../../support/run-record-factory';
import { errorOf } from '../../support/lens-error-of';

const explainer = compileAclToExplainer(DEFAULT_ACCESS_POLICY);
const guest = { principal_id: 'u-guest', workspace_id: 'ws-nurion', groups: [], acl_partitions: ['general'] };
const hrDocument = { workspace_id: 'ws-nurion', visibility: 'restricted', owner_id: 'u-hana', allowed_groups: ['g-hr'] };

function leakCheck(leaks: number): LeakCheck {
  const access = nodeAccessOf({ label: 'Document', id: 'policy-hr-salary-adjustment' }, explainer.document(hrDocument, guest));
  if (access.state === 'visible') throw new Error('the default policy shows the HR document to the guest');
  const leak = {
    side: 'b' as const,
    principal_id: 'u-guest',
    item_key: 'chunk:policy-hr-salary-adjustment#0',
    rank: 2,
    document_id: 'policy-hr-salary-adjustment',
    access,
  };
  return { state: 'checked', leaks: Array.from({ length: leaks }, () => leak), nodes_checked: 12, access: [] };
}

function comparison(check: LeakCheck, outcomes: [Outcome, Outcome] = ['ok', 'ok'], query = 'salary adjustment'): Comparison {
  return twoRunComparison(check, {
    principals: ['u-hana', 'u-guest'],
    outcomes,
    query,
    itemCount: 2,
    id: 'cmp-1',
    createdAt: '2026-11-30T10:00:00.000Z',
  });
}

describe('lens compare: which comparison the flags ask for', () => {
  it('takes a text with --as and --vs as one request run as both principals, with the request flags', () => {
    const task = compareTask('salary', { as: 'u-hana', vs: 'u-guest', mode: 'graph', topK: 5, maxTokens: 900, timeoutMs: 7000 });
    expect(task).toEqual({
      kind: 'compare',
      input: {
        source: 'principals',
        principal_a: 'u-hana',
        principal_b: 'u-guest',
        request: { query: 'salary', mode: 'graph', top_k: 5, max_tokens: 900, timeout_ms: 7000 },
      },
    });
  });

  it('takes --runs with exactly two trace ids, --open with an id, and --list', () => {
    const defaults = { mode: 'hybrid', topK: 10, maxTokens: 4000, timeoutMs: 10_000 };
    expect(compareTask(undefined, { ...defaults, runs: ['t1', 't2'] })).toEqual({
      kind: 'compare',
      input: { source: 'runs', trace_a: 't1', trace_b: 't2' },
    });
    expect(compareTask(undefined, { ...defaults, open: 'c1' })).toEqual({ kind: 'open', id: 'c1' });
    expect(compareTask(undefined, { ...defaults, list: true })).toEqual({ kind: 'list' });
    const oneRun = errorOf(() => compareTask(undefined, { ...defaults, runs: ['t1'] }));
    expect(oneRun.message).toMatch(/exactly two trace ids, not 1/);
    expect(oneRun.said).toEqual({ code: 'error_store:compare_two_runs', params: { count: 1 } });
    expect(oneRun.hintSaid?.code).toBe('error_store:compare_two_runs_hint');
  });

  it('refuses no form, two forms at once, and a text without both principals, as invalid input', () => {
    const defaults = { mode: 'hybrid', topK: 10, maxTokens: 4000, timeoutMs: 10_000 };
    expect(errorOf(() => compareTask(undefined, defaults)).kind).toBe('invalid_input');
    expect(errorOf(() => compareTask('salary', { ...defaults, as: 'a', vs: 'b', runs: ['t1', 't2'] })).message).toMatch(/one way only/);
    const onePrincipal = errorOf(() => compareTask('salary', { ...defaults, as: 'u-hana' }));
    expect(onePrincipal.message).toBe('Comparing a request needs both principals: --as A --vs B.');
    expect(onePrincipal.said?.code).toBe('error_store:compare_two_principals');
  });
});

describe('lens compare: exit code', () => {
  it('is 1 when a leak was found, even when a run failed too', () => {
    expect(compareExitCode(comparison(leakCheck(1)))).toBe(1);
    expect(compareExitCode(comparison(leakCheck(2), ['ok', 'timeout']))).toBe(1);
  });

  it('is 2 when the leak check failed or a run ended in a failure, 0 for two answers without leaks', () => {
    expect(compareExitCode(comparison({ state: 'failed', error: { kind: 'timeout', message: 'The deadline passed.' } }))).toBe(2);
    expect(compareExitCode(comparison(leakCheck(0), ['ok', 'unavailable']))).toBe(2);
    expect(compareExitCode(comparison(leakCheck(0), ['acl_violation', 'ok']))).toBe(2);
    expect(compareExitCode(comparison(leakCheck(0), ['ok', 'no_evidence']))).toBe(0);
  });

  it('is 2, not 0, when a run was cancelled: a cancelled run is no answer, and its empty item list checks nothing for leaks', () => {
    expect(compareExitCode(comparison(leakCheck(0), ['ok', 'cancelled']))).toBe(2);
    expect(compareExitCode(comparison(leakCheck(0), ['cancelled', 'no_evidence']))).toBe(2);
  });
});

describe('lens compare: the comparison in words', () => {
  it('puts the leaks first, each with its node, its clauses in words and the broken rule', () => {
    const lines = formatComparison(comparison(leakCheck(1))).split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'LEAKS: 1 node(s) drawn on by items returned to a principal who may not see them',
      '  B u-guest  #2 chunk:policy-hr-salary-adjustment#0  (document policy-hr-salary-adjustment)',
      '     denied at Document policy-hr-salary-adjustment, not shared with the principal: visibility is restricted, not public; not owned by the principal (owner_id: u-hana); shares no group with the principal (allowed_groups: g-hr)',
      '     broken clause: document.any_of visibility, owner_id, allowed_groups',
    ]);
  });

  it('says a failed check leaves the leaks unknown, first, never "no leaks"', () => {
    const text = formatComparison(comparison({ state: 'failed', error: { kind: 'unavailable', message: 'The graph is unreachable.' } }));
    expect(text.split('\n').slice(0, 2)).toEqual([
      'LEAK CHECK FAILED (unavailable): The graph is unreachable.',
      '  The leaks are unknown: nothing here says there are none.',
    ]);
    expect(text).not.toMatch(/No leaks/);
  });

  it("says a comparison with a run that gave no answer compares nothing: no overlap figures, no only-A, the answering run's items under its own name", () => {
    const made = comparison(leakCheck(0), ['ok', 'invalid_request']);
    const text = formatComparison(made);
    expect(text).toContain(
      "Not compared: B's run ended in invalid_request, so it has no answer to set beside A's; the items below are what A returned, not what the other was kept from.",
    );
    expect(text).toContain("A's items (2):");
    expect(text).not.toMatch(/Overlap:|Only A|Only B|Both \(/);
    expect(formatComparison(comparison(leakCheck(0), ['timeout', 'cancelled']))).toContain(
      "Not compared: A's run ended in timeout and B's run ended in cancelled, so neither has an answer to set beside the other's.",
    );
    // Two answers are compared as before.
    expect(formatComparison(comparison(leakCheck(0), ['ok', 'no_evidence']))).toMatch(/Overlap: Jaccard 0\.000/);
  });

  it('says a side whose request was refused is not judged, instead of wording a placeholder principal as denied', () => {
    const check = leakCheck(0);
    if (check.state !== 'checked') throw new Error('unreachable');
    const made = comparison(check, ['ok', 'invalid_request']);
    const key = made.diff.only_a[0]?.key as string;
    const access = nodeAccessOf(
      { label: 'Document', id: 'policy-hr-salary-adjustment' },
      explainer.document(hrDocument, { ...guest, principal_id: 'u-hana', groups: ['g-hr'] }),
    );
    const text = formatComparison({ ...made, leak_check: { ...check, access: [{ item_key: key, a: access, b: null }] } });
    expect(text).toContain('       B: not judged: its request was refused before it ran as anyone');
  });

  it("keeps a run's sentence as its code and parameters beside the English, for the app to word in its language", () => {
    const record = buildRunRecord({ principal: { principal_id: 'u-nobody' }, outcome: 'invalid_request', query: 'q', itemCount: 0 });
    const coded = {
      ...record,
      response: {
        ...record.response,
        message: 'Unknown principal "u-nobody".',
        message_code: 'error_retrieval:unknown_principal',
        message_params: { principal: 'u-nobody', label: 'Principal' },
      },
    };
    expect(comparisonRun(coded)).toMatchObject({
      message: 'Unknown principal "u-nobody".',
      message_code: 'error_retrieval:unknown_principal',
      message_params: { principal: 'u-nobody', label: 'Principal' },
    });
  });

  it('escapes terminal controls in the query text of a stored comparison', () => {
    const text = formatComparison(comparison(leakCheck(0), ['ok', 'ok'], 'salary\u001b[2J\u202e'));
    expect(text).not.toContain('\u001b');
    expect(text).toContain('salary\\x1b[2J\\u202e');
  });
});

describe('lens compare --csv: the leaks for a spreadsheet', () => {
  it('writes one row per leak with both principals, the item, its document and why in English', () => {
    const csv = leakCsvText(comparison(leakCheck(1)));
    if (!csv.ok) throw new Error(csv.why);
    const [header, row] = parseCsv(csv.text);
    const cells = Object.fromEntries((header ?? []).map((column, index) => [column, row?.[index]]));
    expect(cells).toMatchObject({
      leaked_to: 'B',
      principal: 'u-guest',
      principal_a: 'u-hana',
      principal_b: 'u-guest',
      item_id: 'chunk:policy-hr-salary-adjustment#0',
      document_id: 'policy-hr-salary-adjustment',
      reason: 'not shared with the principal',
      broken_rule: 'document.any_of visibility, owner_id, allowed_groups',
      why: 'denied at Document policy-hr-salary-adjustment, not shared with the principal: visibility is restricted, not public; not owned by the principal (owner_id: u-hana); shares no group with the principal (allowed_groups: g-hr)',
    });
  });

  it('writes no CSV when the leaks are unknown (a failed check, or a run without an answer and no leak found), saying why', () => {
    const failed = leakCsvText(comparison({ state: 'failed', error: { kind: 'unavailable', message: 'The graph is unreachable.' } }));
    expect(failed).toEqual({
      ok: false,
      why: 'No CSV written for comparison cmp-1: its leaks are unknown (leak check failed: The graph is unreachable.), and a CSV of its header alone would read as no leaks. Compare again (with a longer timeout), or see it with lens compare --open cmp-1.',
    });
    const unanswered = leakCsvText(comparison(leakCheck(0), ['ok', 'timeout']));
    expect(unanswered.ok).toBe(false);
    expect(unanswered.ok ? '' : unanswered.why).toContain('its leaks are unknown (B gave no answer, its run ended in timeout)');
    expect(leakCsvText(comparison(leakCheck(0))).ok).toBe(true);
  });
});
