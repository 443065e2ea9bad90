import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatLoadSummary } from '../../../electron/cli/commands/demo-command';
import type { LoadPlan } from '../../../electron/corpus/corpus-model';
import { buildLoadPlan, type DemoLoadSummary } from '../../../electron/demo-graph/demo-loader';
import { REPO_ROOT } from '../../support/test-env';

const EDGE_CASES = path.join(REPO_ROOT, 'test', 'fixtures', 'loader-edge-cases');

/** A summary as `loadDemo` returns it for this plan (the counts are the plan's, as the writer counts them). */
function summaryOf(plan: LoadPlan): DemoLoadSummary {
  return {
    target: 'bolt://127.0.0.1:7687',
    source: EDGE_CASES,
    counts: { documents: plan.documents.length, adrs: 0, chunks: plan.documents.reduce((n, d) => n + d.chunks.length, 0), supersessions: 0, claims: 0, evidence: 0, entities: 0, principals: 0, groups: 0 },
    embedder: { name: 'hashing-384', dimensions: 384, kind: 'lexical' },
    failed: plan.failed,
    warnings: plan.warnings,
    skipped: plan.skipped,
    acl_defaults: plan.aclDefaults,
    elapsed_ms: 1200,
  };
}

describe('the load summary', () => {
  it('prints a count for each access default applied, the skipped files by name, and the failures', () => {
    const text = formatLoadSummary(summaryOf(buildLoadPlan({ docsDir: EDGE_CASES })));
    const lines = text.split('\n');
    const defaults = lines.indexOf('Access defaults applied (--json names the files):');
    expect(lines.slice(defaults, defaults + 5)).toEqual([
      'Access defaults applied (--json names the files):',
      '  visibility defaulted to restricted: 2',
      '  visibility defaulted to private (owner only): 1',
      '  workspace defaulted to "default": 1',
      '  no ACL at all → public in workspace "default": 3',
    ]);
    expect(text).toContain('Skipped (1; left out on purpose, the rest loaded):\n  - image.md: starts like a PNG image; skipped as binary.\n');
    expect(text).toMatch(/Failed \(2; everything else loaded\):\n {2}- groups-string\.md line 5: ACL field allowed_groups/);
  });

  it('says no default was applied when every document gave its access fields, as in the demo corpus', () => {
    const plan = buildLoadPlan();
    expect(Object.values(plan.aclDefaults).map((d) => d.count)).toEqual([0, 0, 0, 0]);
    expect(formatLoadSummary(summaryOf(plan))).toContain('\nAccess defaults applied: none (every document gave its access fields)\n');
  });
});
