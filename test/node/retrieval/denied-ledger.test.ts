import { describe, expect, it } from 'vitest';
import { DeniedLedger, type DeniedKey } from '../../../electron/retrieval/denied-ledger';

const postfilterAccess: DeniedKey = {
  stage: 'before_candidates',
  mechanism: 'vector',
  kind: 'access',
  reason: 'excluded_by_postfilter',
  counts: 'hits',
};
const expansion: DeniedKey = { stage: 'after_expansion', kind: 'access', reason: 'document:not_shared', counts: 'chunks' };

describe('DeniedLedger: the bookkeeping of denied[]', () => {
  it('counts a node withheld twice at the same place for the same reason once', () => {
    const ledger = new DeniedLedger();
    ledger.nodes(expansion, ['c-1', 'c-2'], 5);
    ledger.nodes(expansion, ['c-1'], 5);
    expect(ledger.counts()).toEqual([{ ...expansion, count: 2, of: 5 }]);
  });

  it('keeps the widest over-fetch round measured instead of adding the rounds up', () => {
    const ledger = new DeniedLedger();
    ledger.measured(postfilterAccess, 12, 30);
    ledger.measured(postfilterAccess, 40, 120);
    ledger.measured(postfilterAccess, 100, 318);
    expect(ledger.counts()).toEqual([{ ...postfilterAccess, count: 100, of: 318 }]);
  });

  it('does not let a narrower measure taken later replace a wider one', () => {
    const ledger = new DeniedLedger();
    ledger.measured(postfilterAccess, 100, 318);
    ledger.measured(postfilterAccess, 3, 30);
    expect(ledger.counts()).toEqual([{ ...postfilterAccess, count: 100, of: 318 }]);
  });

  it('keeps counts of different kinds, reasons and candidate searches apart', () => {
    const ledger = new DeniedLedger();
    ledger.measured(postfilterAccess, 4, 20);
    ledger.measured({ ...postfilterAccess, mechanism: 'fulltext' }, 5, 30);
    ledger.measured({ ...postfilterAccess, kind: 'filter', reason: 'request_filters' }, 6, 20);
    expect(ledger.counts().map((entry) => [entry.mechanism, entry.kind, entry.count])).toEqual([
      ['vector', 'access', 4],
      ['fulltext', 'access', 5],
      ['vector', 'filter', 6],
    ]);
  });

  it('leaves out a zero count unless it was recorded to be kept, as the whole graph figure is', () => {
    const ledger = new DeniedLedger();
    const wholeGraph: DeniedKey = { stage: 'whole_graph', kind: 'access', reason: 'not_visible_to_principal', counts: 'graph_chunks' };
    ledger.measured(postfilterAccess, 0, 30);
    ledger.nodes(expansion, [], 4);
    ledger.measured(wholeGraph, 0, 318, true);
    expect(ledger.counts()).toEqual([{ ...wholeGraph, count: 0, of: 318 }]);
  });

  it('writes no mechanism field for a count that has none', () => {
    const ledger = new DeniedLedger();
    ledger.nodes({ ...expansion, mechanism: undefined }, ['c-1']);
    expect(Object.keys(ledger.counts()[0] ?? {})).not.toContain('mechanism');
  });
});
