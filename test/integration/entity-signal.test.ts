import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_ACCESS_POLICY, parseAccessPolicy } from '../../shared/acl/access-policy';
import type { ContextResponse, RetrievalMode } from '../../shared/context-contract';
import type { PipelineResult } from '../../electron/retrieval/context-pipeline';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const MODES: RetrievalMode[] = ['hybrid', 'graph', 'auto'];
const ADR_011 = 'adr-011-settlement-hourly';
const INCIDENT = 'incident-2026-0219-duplicate-settlement';

/** The items of a response from one document. */
const itemsOf = (response: ContextResponse, documentId: string) => response.items.filter((item) => item.document_id === documentId);

describe('the entity signal on the demo graph', () => {
  const deps = useDemoRetrievalDeps(server);

  for (const mode of MODES) {
    it(`${mode}: "ADR-011" alone finds the ADR's own document through the entity signal, with its stage score and rank`, async () => {
      const { response } = await ask(deps(), { query: 'ADR-011', principal: 'u-sora', mode });
      expect(response.outcome, response.message).toBe('ok');
      const found = itemsOf(response, ADR_011);
      expect(found.length).toBeGreaterThan(0);
      expect(found.some((item) => item.retrieval_scores.entity !== undefined && item.ranks.entity !== undefined)).toBe(true);
      const stage = response.stages.find((entry) => entry.name === 'entity');
      expect(stage?.candidates_out).toBeGreaterThan(0);
      expect(stage?.note).toContain('ADR-011');
      expect(response.relevance?.entity_named).toBeGreaterThan(0);
    }, 60_000);

    it(`${mode}: the incident id alone ("INC-2026-0219") finds the incident report through the entity signal`, async () => {
      const { response } = await ask(deps(), { query: 'INC-2026-0219', principal: 'u-sora', mode });
      expect(response.outcome, response.message).toBe('ok');
      const found = itemsOf(response, INCIDENT);
      expect(found.length).toBeGreaterThan(0);
      expect(found.some((item) => item.retrieval_scores.entity !== undefined && item.ranks.entity !== undefined)).toBe(true);
    }, 60_000);

    it(`${mode}: a principal who may not see the ADR does not get it, and the entity side counts it as access, not filter`, async () => {
      // u-minjun is in g-eng-all and g-platform; ADR-011 is restricted to g-payments.
      const { response } = await ask(deps(), { query: 'ADR-011', principal: 'u-minjun', mode });
      expect(['ok', 'no_evidence']).toContain(response.outcome);
      expect(itemsOf(response, ADR_011)).toEqual([]);
      const entityCounts = response.denied.filter((entry) => entry.mechanism === 'entity');
      expect(entityCounts.filter((entry) => entry.kind === 'access').reduce((sum, entry) => sum + entry.count, 0)).toBeGreaterThan(0);
      expect(entityCounts.filter((entry) => entry.kind === 'filter')).toEqual([]);
    }, 60_000);
  }

  it('hybrid: the entity note does not name an ADR the principal may not see; it counts it as one it may not see', async () => {
    // u-guest sees only public documents; ADR-011 is restricted to g-payments.
    const { response } = await ask(deps(), { query: 'ADR-011 settlement', principal: 'u-guest', mode: 'hybrid' });
    const stage = response.stages.find((entry) => entry.name === 'entity');
    expect(stage?.note).toBeDefined();
    expect(JSON.stringify([stage?.note, stage?.note_params])).not.toContain('ADR-011');
    expect(stage).toMatchObject({ note_code: 'stage:entity_signal_denied', note_params: { denied: 1, fetched: 0 } });
    const counted = response.denied.filter((entry) => entry.mechanism === 'entity' && entry.counts === 'entities');
    expect(counted).toEqual([expect.objectContaining({ kind: 'access', reason: expect.stringMatching(/^document:/), count: 1 })]);
  }, 60_000);

  it('auto: a lowercase ADR number with a Korean particle ("adr 11은") is normalised and found', async () => {
    const { response } = await ask(deps(), { query: 'adr 11은 왜 바뀌었나', principal: 'u-sora', mode: 'auto' });
    expect(response.outcome, response.message).toBe('ok');
    expect(response.route?.cues).toContainEqual({ kind: 'adr_number', text: 'ADR-011' });
    expect(itemsOf(response, ADR_011).some((item) => item.retrieval_scores.entity !== undefined)).toBe(true);
  }, 60_000);

  it('auto: the routing decision is a stage (acl none) and a field of the response, and the lookup route runs no vector side', async () => {
    const { response, run } = await ask(deps(), { query: 'ADR-011', principal: 'u-sora', mode: 'auto' });
    expect(response.route).toMatchObject({ chosen: 'fulltext', code: 'route_identifier' });
    const route = response.stages.find((stage) => stage.name === 'route');
    expect(route).toMatchObject({ acl: 'none', strategy: 'route_fulltext' });
    expect(response.stages.map((stage) => stage.name)).not.toContain('vector');
    expect(response.embedder).toBeUndefined();
    expect(run.response.route).toEqual(response.route);
  }, 60_000);

  it('auto: a question about ownership takes the graph route and expands', async () => {
    const { response } = await ask(deps(), { query: 'settlement-engine 담당 팀과 영향받은 장애', principal: 'u-sora', mode: 'auto' });
    expect(response.route?.chosen).toBe('graph');
    expect(response.stages.map((stage) => stage.name)).toEqual(expect.arrayContaining(['route', 'entity', 'fusion', 'graph_expansion']));
  }, 60_000);

  it('a document-type filter that leaves the ADR out is counted as filter, not access', async () => {
    const { response } = await ask(deps(), {
      query: 'ADR-011',
      principal: 'u-sora',
      mode: 'hybrid',
      filters: { document_types: ['runbook'] },
    });
    expect(itemsOf(response, ADR_011)).toEqual([]);
    const entityCounts = response.denied.filter((entry) => entry.mechanism === 'entity');
    expect(entityCounts.some((entry) => entry.kind === 'filter' && entry.count > 0)).toBe(true);
    expect(entityCounts.filter((entry) => entry.kind === 'access').reduce((sum, entry) => sum + entry.count, 0)).toBe(0);
  }, 60_000);
});

/** Each read of a run as `stage:name`. */
const readsOf = (result: PipelineResult) => result.run.queries.map((query) => `${query.stage}:${query.name}`);

describe("the entity signal's first read rides in full-text's first round", () => {
  const deps = useDemoRetrievalDeps(server);

  for (const mode of MODES) {
    it(`${mode}: the entity-names hits come back with full-text's first round, one read fewer, and the ADR is still found`, async () => {
      const result = await ask(deps(), { query: 'ADR-011', principal: 'u-sora', mode });
      const reads = readsOf(result);
      // The run's own state may ride along too (riding-read.ts), in this read or the vector side's.
      expect(reads.filter((read) => read.startsWith('fulltext:fulltext-in-index-acl+entity-hits'))).toHaveLength(1);
      expect(reads.filter((read) => read.includes('entity-hits'))).toHaveLength(1);
      // The entity stage reads only the chunks about what the question names.
      expect(reads.filter((read) => read.startsWith('entity:'))).toEqual(['entity:entity-chunks']);
      expect(result.response.stages.find((stage) => stage.name === 'entity')?.note).toContain('ADR-011');
      expect(itemsOf(result.response, ADR_011).length).toBeGreaterThan(0);
    }, 60_000);
  }

  /** Chunks only of the principal's partitions: one in no partition may see no chunk, so full-text's in-index rule is false and it reads nothing. */
  const partitionsOnly = useDemoRetrievalDeps(server, {
    policy: parseAccessPolicy({
      ...DEFAULT_ACCESS_POLICY,
      chunk: { all_of: [{ op: 'in_principal', property: 'acl_partition', principal_field: 'acl_partitions', reason: 'partition' }] },
    }),
  });

  it('hybrid: where full-text reads nothing (a rule that lets the principal see nothing), the entity stage reads its hits itself', async () => {
    const nobody = { principal_id: 'u-nobody', workspace_id: 'ws-nurion', groups: ['g-payments'], acl_partitions: [] };
    const result = await ask(partitionsOnly(), { query: 'ADR-011', principal: nobody, mode: 'hybrid' });
    const fulltext = result.response.stages.find((stage) => stage.name === 'fulltext');
    expect(fulltext?.candidates_in).toBe(0);
    const reads = readsOf(result);
    expect(reads.filter((read) => read.startsWith('fulltext:'))).toEqual([]);
    expect(reads).toContain('entity:entity-hits');
    // The ADR is named, and its chunks are judged by the rule in the candidate query: none is handed over.
    expect(result.response.stages.find((stage) => stage.name === 'entity')?.note).toContain('ADR-011');
    expect(result.response.items).toEqual([]);
  }, 60_000);
});
