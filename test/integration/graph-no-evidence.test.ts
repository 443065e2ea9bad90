import { describe, expect, inject, it } from 'vitest';
import type { PipelineResult } from '../../electron/retrieval/context-pipeline';
import { ask, useDemoRetrievalDeps, useFolderRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

const expansionStage = (result: PipelineResult) => result.response.stages.find((stage) => stage.name === 'graph_expansion');
const readsExpansion = (result: PipelineResult) => result.run.queries.some((query) => query.name.includes('graph-expansion'));
const chunkIds = (result: PipelineResult) => result.response.items.map((item) => item.chunk_id);

// A folder load makes chunks and documents but no claims or evidence: graph mode followed nothing and
// still paid a round trip for the expansion query on every request.
describe('graph mode on a graph with no evidence linked into its chunks', () => {
  const folder = useFolderRetrievalDeps(server, {
    'payments-runbook.md': '# Payments runbook\n\nThe payments service fails over to the standby database in the second region.\n',
    'ledger-notes.md': '# Ledger notes\n\nThe ledger service writes to the primary database and replays from the outbox.\n',
  });
  const request = { query: 'payments database failover', mode: 'graph' as const, options: { min_similarity: 0 } };

  it('reads no expansion, says why in English, and answers with the seeds as hybrid ranks them', async () => {
    const graph = await ask(folder.deps(), { ...request, principal: folder.reader() });
    expect(graph.response.outcome).toBe('ok');
    expect(readsExpansion(graph)).toBe(false);
    const stage = expansionStage(graph);
    expect(stage?.strategy).toBe('no_evidence_links');
    expect(stage?.note).toContain('this graph has no LOCATED_IN link into a chunk');
    expect(stage?.candidates_out).toBe(0);
    const hybrid = await ask(folder.deps(), { ...request, mode: 'hybrid', principal: folder.reader() });
    expect(chunkIds(graph)).toEqual(chunkIds(hybrid));
  });
});

describe('graph mode on the demo graph, whose claims cite chunks as evidence', () => {
  const deps = useDemoRetrievalDeps(server);

  it('still follows the seeds to their claims', async () => {
    const result = await ask(deps(), { query: 'payments database failover', principal: 'u-sora', mode: 'graph' });
    expect(readsExpansion(result)).toBe(true);
    expect(expansionStage(result)?.strategy).toMatch(/^expand_\d_hops$/);
    expect(result.response.items.some((item) => item.claim_id !== undefined)).toBe(true);
  });
});
