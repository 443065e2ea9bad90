import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY } from '../../../shared/acl/access-policy';
import { compileAclToExplainer } from '../../../shared/acl/explain-access';
import type { Comparison, Leak, LeakCheck } from '../../../shared/compare/comparison';
import { LEAK_CSV_COLUMNS, leakCsv, leaksKnown } from '../../../shared/compare/leak-csv';
import { nodeAccessOf } from '../../../shared/compare/node-access';
import type { Outcome } from '../../../shared/context-contract';
import { parseCsv } from '../../support/parse-csv';
import { twoRunComparison } from '../../support/comparison-factory';

const explainer = compileAclToExplainer(DEFAULT_ACCESS_POLICY);
const guest = { principal_id: '=HYPERLINK("http://x")', workspace_id: 'ws-nurion', groups: [], acl_partitions: ['general'] };
const hrDocument = { workspace_id: 'ws-nurion', visibility: 'restricted', owner_id: 'u-hana', allowed_groups: ['g-hr'] };

function leak(documentId: string, itemKey: string): Leak {
  const access = nodeAccessOf({ label: 'Document', id: documentId }, explainer.document(hrDocument, guest));
  if (access.state === 'visible') throw new Error('the default policy shows the HR document to the guest');
  return { side: 'b', principal_id: guest.principal_id, item_key: itemKey, rank: 2, document_id: documentId, access };
}

function comparison(check: LeakCheck, outcomes: [Outcome, Outcome] = ['ok', 'ok']): Comparison {
  return twoRunComparison(check, {
    principals: ['u-하나', guest.principal_id],
    outcomes,
    query: '연봉 조정 기준',
    itemCount: 2,
    id: 'cmp-7',
    createdAt: '2026-12-01T10:00:00.000Z',
  });
}

const checked = (leaks: Leak[]): LeakCheck => ({ state: 'checked', leaks, nodes_checked: 12, access: [] });

/** Korean wording as the Compare screen gives it, with a comma, a quote and a line break to quote. */
const korean = {
  reason: () => '주체와 공유되지 않음',
  why: (entry: Leak) => `${entry.document_id}에서 거부됨: "공개" 아님,\n그룹 g-hr 없음`,
};

describe('a comparison’s leaks as CSV', () => {
  it('has a header row and one row per leak, with both principals, the item, its document and why, in the wording given', () => {
    const made = comparison(
      checked([leak('policy-hr-salary-adjustment', 'chunk:policy-hr-salary-adjustment#0'), leak('인사-평가', 'claim:평가-1')]),
    );
    const rows = parseCsv(leakCsv(made, korean));
    expect(rows[0]).toEqual([...LEAK_CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    const byColumn = rows.slice(1).map((row) => Object.fromEntries(LEAK_CSV_COLUMNS.map((column, index) => [column, row[index]])));
    expect(byColumn[1]).toEqual({
      comparison_id: 'cmp-7',
      leaked_to: 'B',
      principal: `'${guest.principal_id}`,
      principal_a: 'u-하나',
      principal_b: `'${guest.principal_id}`,
      rank: '2',
      item_id: 'claim:평가-1',
      document_id: '인사-평가',
      node: 'Document 인사-평가',
      reason: '주체와 공유되지 않음',
      broken_rule: 'document.any_of visibility, owner_id, allowed_groups',
      why: '인사-평가에서 거부됨: "공개" 아님,\n그룹 g-hr 없음',
    });
  });

  it('prefixes every cell a spreadsheet would run as a formula (= + - @, tab, CR) and no other', () => {
    const risky = ['=1+1', '+82 10', '-2', '@SUM(A1)', '\tx', '\rx'];
    const made = comparison(checked(risky.map((item) => leak('doc', item))));
    const items = parseCsv(leakCsv(made, korean))
      .slice(1)
      .map((row) => row[LEAK_CSV_COLUMNS.indexOf('item_id')]);
    expect(items).toEqual(risky.map((item) => `'${item}`));
    expect(parseCsv(leakCsv(made, korean))[1]?.[LEAK_CSV_COLUMNS.indexOf('document_id')]).toBe('doc');
  });

  it('writes CRLF records, quoting only cells with a comma, quote or line break', () => {
    const text = leakCsv(comparison(checked([leak('doc', 'chunk:doc#0')])), korean);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]).toBe(LEAK_CSV_COLUMNS.join(','));
    expect(text).toContain(',chunk:doc#0,doc,Document doc,');
    expect(text).toContain('"doc에서 거부됨: ""공개"" 아님,\n그룹 g-hr 없음"');
  });

  it('knows the leaks of a checked comparison of two answers, or with a leak found; not of a failed check or an unanswered run without one', () => {
    expect(leaksKnown(comparison(checked([])))).toBe(true);
    expect(leaksKnown(comparison(checked([leak('doc', 'chunk:doc#0')]), ['ok', 'timeout']))).toBe(true);
    expect(leaksKnown(comparison(checked([]), ['ok', 'timeout']))).toBe(false);
    expect(leaksKnown(comparison({ state: 'failed', error: { kind: 'unavailable', message: 'The graph is unreachable.' } }))).toBe(false);
  });
});
