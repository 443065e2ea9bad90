import type { ContextItem, ContextResponse, Outcome, RetrievalMode } from '../../shared/context-contract';
import type { Principal } from '../../shared/principal';
import { RunRecord, type ExecutedQuery } from '../../shared/trace-record';

/** What a test may choose about a run; everything else is filled in realistically. */
export interface RunRecordOptions {
  readonly traceId?: string;
  readonly createdAt?: string;
  readonly principal?: Partial<Principal> & { principal_id?: string };
  readonly mode?: RetrievalMode;
  readonly outcome?: Outcome;
  readonly query?: string;
  /** Items in the response; only `ok` runs carry items (default 2). */
  readonly itemCount?: number;
  /** Chunks of the graph the principal may not see (default 3); about half as many hits are post-filtered. */
  readonly deniedCount?: number;
  readonly replayOf?: string | null;
}

let sequence = 0;

/** A trace id unique within the test run. */
export function nextTraceId(): string {
  sequence += 1;
  return `tr-${String(sequence).padStart(6, '0')}-7f3c9a`;
}

const DOCUMENTS = [
  {
    document_id: 'runbook-redpanda-consumer-lag',
    title: 'Redpanda consumer lag runbook',
    doc_type: 'runbook',
    source_uri: 'https://wiki.nurion.example/runbooks/redpanda-consumer-lag',
    version: '4',
  },
  {
    document_id: 'adr-013-cert-manager-tls',
    title: 'ADR 013: cert-manager for TLS (인증서 관리)',
    doc_type: 'adr',
    source_uri: 'https://git.nurion.example/adr/013-cert-manager-tls.md',
    version: '2',
  },
  {
    document_id: 'handbook-engineering',
    title: 'Engineering handbook',
    doc_type: 'handbook',
    source_uri: 'https://wiki.nurion.example/handbook/engineering',
    version: '11',
  },
] as const;

function item(index: number): ContextItem {
  const doc = DOCUMENTS[index % DOCUMENTS.length] ?? DOCUMENTS[0];
  const chunk = `${doc.document_id}#c${index + 1}`;
  const stale = doc.doc_type === 'adr';
  return {
    claim_id: `claim-${doc.document_id}-${index + 1}`,
    content:
      index % 2 === 0
        ? 'Consumer lag above 50k messages pages the platform on-call; scale the consumer group first.'
        : '인증서는 cert-manager가 발급하고 60일마다 갱신한다.',
    source_uri: doc.source_uri,
    document_id: doc.document_id,
    title: doc.title,
    doc_type: doc.doc_type,
    chunk_id: chunk,
    chunk_ids: index % 3 === 1 ? [chunk, `${doc.document_id}#c${index + 2}`] : [chunk],
    document_version: doc.version,
    span: { start_char: 120 * index, end_char: 120 * index + 96 },
    freshness: stale
      ? { state: 'stale', reason: 'superseded by adr-021-acme-tls', marked_by: 'u-seoyeon' }
      : { state: 'current', reason: 'valid, updated 2026-11-09' },
    provenance_path: [
      { label: 'Claim', id: `claim-${doc.document_id}-${index + 1}` },
      { label: 'Evidence', id: `ev-${doc.document_id}-${index + 1}` },
      { label: 'Chunk', id: chunk },
      { label: 'Document', id: doc.document_id },
    ],
    retrieval_scores: { vector: 0.8123 - index / 10, fulltext: 3.25 - index / 4, fused: 0.0325 - index / 1000 },
    ranks: { vector: index + 1, fulltext: index + 2, fused: index + 1, final: index + 1 },
    tokens: 41 + index,
  };
}

function response(traceId: string, outcome: Outcome, itemCount: number, deniedCount: number): ContextResponse {
  const items = outcome === 'ok' ? Array.from({ length: itemCount }, (_, index) => item(index)) : [];
  const usedTokens = items.reduce((sum, entry) => sum + entry.tokens, 0);
  const failed = outcome !== 'ok' && outcome !== 'no_evidence';
  const firstDenied = Math.ceil(deniedCount / 2);
  return {
    trace_id: traceId,
    outcome,
    answerable: outcome === 'ok' && items.length > 0,
    ...(outcome === 'ok'
      ? {}
      : {
          message: failed
            ? `The ${outcome} outcome ended the run at the vector stage; retry with a larger timeout.`
            : 'Nothing the principal may see matches the query.',
        }),
    ...(failed ? { failed_stage: 'vector' } : {}),
    items,
    limits: { used_tokens: usedTokens, max_tokens: 4000, elapsed_ms: 212.5, timeout_ms: 10_000 },
    denied: [
      {
        stage: 'whole_graph',
        kind: 'access',
        reason: 'not_visible_to_principal',
        counts: 'graph_chunks',
        count: deniedCount,
        of: deniedCount + 300,
      },
      ...(firstDenied > 0
        ? [
            {
              stage: 'before_candidates',
              mechanism: 'fulltext',
              kind: 'access' as const,
              reason: 'excluded_by_postfilter',
              counts: 'hits' as const,
              count: firstDenied,
              of: deniedCount + 10,
            },
          ]
        : []),
    ],
    notes: [],
    stages: [
      { name: 'embed', strategy: 'hashing-256', duration_ms: 1.4, candidates_in: 0, candidates_out: 0, acl: 'none' },
      { name: 'vector', strategy: 'exact-scan', duration_ms: 38.2, candidates_in: 412, candidates_out: 10, acl: 'prefilter' },
      {
        name: 'fulltext',
        strategy: 'chunk_fulltext',
        duration_ms: 21.7,
        candidates_in: 10,
        candidates_out: 8,
        acl: 'postfilter',
        note: 'index holds no ACL field',
      },
      { name: 'fuse', strategy: 'rrf k=60', duration_ms: 0.3, candidates_in: 18, candidates_out: 12, acl: 'none' },
      { name: 'pack', strategy: 'o200k budget', duration_ms: 2.1, candidates_in: 12, candidates_out: items.length, acl: 'recheck' },
    ],
    cuts: [{ chunk_id: 'handbook-engineering#c9', reason: 'over_top_k', detail: 'rank 11 of 12', tokens: 88 }],
    embedder: { name: 'hashing-256', kind: 'lexical', dimensions: 256 },
    lacking_provenance: 0,
  };
}

function queries(): ExecutedQuery[] {
  return [
    {
      stage: 'vector',
      name: 'vector_exact_scan',
      cypher: 'MATCH (c:Chunk)-[:PART_OF]->(d:Document) WHERE d.workspace_id = $workspace RETURN c.chunk_id AS id LIMIT $k',
      params_hash: '3fa9c2d41b7e0a55',
      rows: 10,
      truncated: false,
      duration_ms: 36.9,
      server_ms: 31,
    },
    {
      stage: 'fulltext',
      name: 'fulltext_chunks',
      cypher: 'CALL db.index.fulltext.queryNodes($index, $query) YIELD node, score RETURN node.chunk_id AS id, score LIMIT $k',
      params_hash: 'b81d07c5e2f94a13',
      rows: 10,
      truncated: true,
      duration_ms: 20.4,
      server_ms: 17,
    },
  ];
}

/** A valid, realistic run record (parsed with the RunRecord schema, so defaults are filled in). */
export function buildRunRecord(options: RunRecordOptions = {}): RunRecord {
  const traceId = options.traceId ?? nextTraceId();
  const mode = options.mode ?? 'hybrid';
  const outcome = options.outcome ?? 'ok';
  const query = options.query ?? 'How do we handle Redpanda consumer lag?';
  const principal = {
    principal_id: 'u-minjun',
    workspace_id: 'ws-nurion',
    groups: ['g-eng-all', 'g-platform'],
    acl_partitions: ['general', 'eng'],
    display_name: 'Kim Minjun (김민준)',
    source: 'local' as const,
    ...options.principal,
  };
  return RunRecord.parse({
    trace_id: traceId,
    created_at: options.createdAt ?? new Date().toISOString(),
    request: {
      query,
      principal: principal.principal_id,
      mode,
      top_k: 10,
      max_tokens: 4000,
      timeout_ms: 10_000,
      freshness_required_at: '2026-12-01',
      trace_id: traceId,
    },
    principal,
    mode,
    outcome,
    response: response(traceId, outcome, options.itemCount ?? 2, options.deniedCount ?? 3),
    queries: queries(),
    elapsed_ms: 212.5,
    graph_uri: 'bolt://127.0.0.1:17687',
    replay_of: options.replayOf ?? null,
  });
}
