import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLeakCsvFile } from '../../renderer/screens/compare/leak-csv-wording';
import { ExportComparison } from '../../renderer/screens/compare/ComparisonView';
import { initI18n } from '../../renderer/shell/i18n';
import { DEFAULT_ACCESS_POLICY } from '../../shared/acl/access-policy';
import { compileAclToExplainer } from '../../shared/acl/explain-access';
import type { Comparison, LeakCheck } from '../../shared/compare/comparison';
import { LEAK_CSV_COLUMNS } from '../../shared/compare/leak-csv';
import { nodeAccessOf } from '../../shared/compare/node-access';
import type { Outcome } from '../../shared/context-contract';
import { parseCsv } from '../support/parse-csv';
import { twoRunComparison } from '../support/comparison-factory';

const explainer = compileAclToExplainer(DEFAULT_ACCESS_POLICY);
const intern = { principal_id: 'u-인턴', workspace_id: 'ws-nurion', groups: [], acl_partitions: ['general'] };
const hrDocument = { workspace_id: 'ws-nurion', visibility: 'restricted', owner_id: 'u-하나', allowed_groups: ['g-hr'] };

function comparison(outcomes: [Outcome, Outcome] = ['ok', 'ok'], leaks = 1): Comparison {
  const access = nodeAccessOf({ label: 'Document', id: '인사-연봉-조정' }, explainer.document(hrDocument, intern));
  if (access.state === 'visible') throw new Error('the default policy shows the HR document to the intern');
  const leak = {
    side: 'b' as const,
    principal_id: intern.principal_id,
    item_key: 'chunk:인사-연봉-조정#0',
    rank: 1,
    document_id: '인사-연봉-조정',
    access,
  };
  const check: LeakCheck = { state: 'checked', leaks: Array.from({ length: leaks }, () => leak), nodes_checked: 9, access: [] };
  return twoRunComparison(check, {
    principals: ['u-하나', intern.principal_id],
    outcomes,
    query: '연봉 조정',
    itemCount: 1,
    id: 'cmp-ko',
    createdAt: '2026-12-01T10:00:00.000Z',
  });
}

/** The CSV file the screen would save for `made`, in the UI's current language. */
function csvFile(made: Comparison): string {
  const out = { text: '' };
  function Capture() {
    out.text = useLeakCsvFile()(made);
    return null;
  }
  renderToStaticMarkup(createElement(Capture));
  return out.text;
}

describe("the Compare screen's leak CSV", () => {
  let i18n: Awaited<ReturnType<typeof initI18n>>;
  beforeAll(async () => {
    i18n = await initI18n('ko');
  });

  it('words each leak in Korean when the UI is Korean, and begins with a BOM so a spreadsheet reads it as UTF-8', async () => {
    await i18n.changeLanguage('ko');
    const text = csvFile(comparison());
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, row] = parseCsv(text.slice(1));
    expect(header).toEqual([...LEAK_CSV_COLUMNS]);
    const cells = Object.fromEntries(LEAK_CSV_COLUMNS.map((column, index) => [column, row?.[index]]));
    expect(cells).toMatchObject({
      principal_a: 'u-하나',
      principal_b: 'u-인턴',
      item_id: 'chunk:인사-연봉-조정#0',
      document_id: '인사-연봉-조정',
    });
    expect(cells.reason).toBe(i18n.t('not_shared', { ns: 'access_reason' }));
    expect(cells.why).toMatch(/[가-힣]/);
    expect(cells.why).not.toMatch(/\b(visibility is|not owned|shares no group)\b/);
  });

  it('words them in English when the UI is English', async () => {
    await i18n.changeLanguage('en');
    const [, row] = parseCsv(csvFile(comparison()).slice(1));
    expect(row?.[LEAK_CSV_COLUMNS.indexOf('why')]).toContain('shares no group with the principal');
  });

  it('offers the CSV beside the JSON, and not when the leaks are unknown', async () => {
    await i18n.changeLanguage('ko');
    const shown = renderToStaticMarkup(createElement(ExportComparison, { comparison: comparison() }));
    expect(shown).toContain('data-testid="compare-export-csv"');
    expect(shown).toContain('유출 내보내기(CSV)');
    const unknown = renderToStaticMarkup(createElement(ExportComparison, { comparison: comparison(['ok', 'timeout'], 0) }));
    expect(unknown).toContain('data-testid="compare-export"');
    expect(unknown).not.toContain('data-testid="compare-export-csv"');
  });
});
