import type { LoadPlan } from '../../electron/corpus/corpus-model';
import { planReport } from '../../electron/demo-graph/demo-loader';
import type { DemoLoadSummary } from '../../shared/demo-load-summary';

/**
 * The summary `loadDemo` returns for `plan` loaded from `source`: the plan's own report (made by the
 * real loader, codes and all), with the figures given and zero for the rest (tests that only read
 * the sentences leave them out).
 */
export function summaryOfPlan(plan: LoadPlan, source: string, counts: Partial<DemoLoadSummary['counts']> = {}): DemoLoadSummary {
  return {
    target: 'bolt://127.0.0.1:7687',
    source,
    counts: {
      documents: 0,
      adrs: 0,
      chunks: 0,
      supersessions: 0,
      claims: 0,
      evidence: 0,
      entities: 0,
      principals: 0,
      groups: 0,
      ...counts,
    },
    embedder: { name: 'hashing-384', dimensions: 384, kind: 'lexical' },
    ...planReport(plan),
    elapsed_ms: 1200,
  };
}
