import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { QueryRunResult } from '../../shared/api/lens-api';
import type { ProvenanceGraph } from '../../shared/api/provenance-graph';
import type { AdrListing } from '../../shared/adr-marks';
import type { Comparison } from '../../shared/compare/comparison';
import type { ContextResponse, RetrievalMode } from '../../shared/context-contract';
import type { ProfileCheck } from '../../shared/settings-state';
import { DEFAULT_SCHEMA_PROFILE, type SchemaProfile } from '../../shared/schema-profile';
import type { WhyNotAnswer } from '../../shared/why-not';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { useDemoHubDoor } from '../support/demo-hub-door';
import { copyDemoRenamed, removeDemoRenamed, RENAMED_PROFILE } from '../support/renamed-demo-graph';

const server = inject('neo4j');
const PROFILE_FILE = JSON.stringify({ schema: RENAMED_PROFILE });

const PRINCIPALS = buildLoadPlan().principals.map((p) => p.principal_id);
const MODES: readonly RetrievalMode[] = ['vector', 'fulltext', 'hybrid', 'graph', 'auto'];
const QUESTIONS = ['payments database failover', 'redpanda consumer lag', 'which event bus did we choose', '결제 DB 장애 조치'];
/** The built-in templates of `cypher` mode, each with a question that finds rows. */
const TEMPLATES = [
  { template_id: 'claims-about-service', query: 'payments' },
  { template_id: 'chunks-containing', query: 'failover' },
  { template_id: 'documents-by-title', query: 'event bus' },
] as const;
/** Requests narrowed by filters (document type, validity, language) and scopes, whose queries read document properties and entities by the profile's names. */
const FILTERED = [
  { query: 'payments database failover', mode: 'hybrid', filters: { document_types: ['adr', 'runbook'] } },
  { query: 'payments database failover', mode: 'hybrid', allowed_scopes: { services: ['payments-gateway'] } },
  { query: 'event bus', mode: 'fulltext', filters: { valid_at: '2025-06-01T00:00:00Z' } },
  { query: '결제 DB 장애 조치', mode: 'hybrid', filters: { language: 'ko' } },
  // ADR-006 is partly superseded: its items' freshness reads the supersession property.
  { query: 'secrets and encryption keys in vault', mode: 'fulltext', filters: { language: 'en' } },
] as const;

/** Every name the renamed profile gives, mapped back to the default's, so two answers compare as one. */
const BACK = new Map<string, string>();
function collectNames(renamed: unknown, original: unknown): void {
  if (typeof renamed === 'string' && typeof original === 'string') BACK.set(renamed, original);
  else if (renamed && typeof renamed === 'object')
    for (const [key, value] of Object.entries(renamed)) if (key !== 'name') collectNames(value, (original as Record<string, unknown>)[key]);
}
collectNames(RENAMED_PROFILE, DEFAULT_SCHEMA_PROFILE);
// The chunk's copies of its document's workspace and id, renamed with the document's.
BACK.set('tenant', 'workspace_id');
BACK.set('doc_id', 'document_id');

/** What differs between two runs of one request whatever the graph: ids, times, and elementIds. */
const VOLATILE = new Set([
  'trace_id',
  'elapsed_ms',
  'duration_ms',
  'started_ms',
  'read_at',
  'recorded_at',
  'created_at',
  'id',
  'source',
  'target',
  'trace_a',
  'trace_b',
]);

const NAME = new RegExp(`\\b(${[...BACK.keys()].join('|')})\\b`, 'g');
/** A value with every renamed name (as a key, or a word of a string) read back as the default's, and the volatile keys left out. */
function canon(value: unknown): unknown {
  // Names appear inside sentences too ("document.any_of access, owner, groups_allowed"); both sides are read back alike.
  if (typeof value === 'string') return value.replace(NAME, (name) => BACK.get(name) ?? name);
  if (Array.isArray(value)) return value.map(canon);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !VOLATILE.has(key))
        .map(([key, v]) => [BACK.get(key) ?? key, canon(v)]),
    );
  return value;
}

/** Where two values differ, as `path: default → renamed` lines. */
function differences(a: unknown, b: unknown, path = ''): string[] {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((key) => differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`));
  }
  return JSON.stringify(a) === JSON.stringify(b)
    ? []
    : [`${path}: ${JSON.stringify(a)?.slice(0, 300)} → ${JSON.stringify(b)?.slice(0, 300)}`];
}

/** What a run answered: the outcome, the items in order (ids, spans, freshness, paths), the denied counts, notes, cuts and stages. */
function answerOf(response: ContextResponse) {
  return canon({
    outcome: response.outcome,
    answerable: response.answerable,
    message_code: response.message_code,
    message_params: response.message_params,
    failed_stage: response.failed_stage,
    items: response.items.map((item) => ({
      chunk_id: item.chunk_id,
      chunk_ids: item.chunk_ids,
      document_id: item.document_id,
      claim_id: item.claim_id,
      title: item.title,
      doc_type: item.doc_type,
      document_version: item.document_version,
      source_uri: item.source_uri,
      content: item.content,
      span: item.span,
      freshness: item.freshness,
      provenance_path: item.provenance_path,
      ranks: item.ranks,
      access: item.access,
    })),
    denied: response.denied,
    notes: response.notes,
    cuts: response.cuts,
    lacking_provenance: response.lacking_provenance,
    route: response.route,
    // Stages that run side by side are recorded as they finish: the set is compared, not the order.
    stages: response.stages.map((stage) => `${stage.name}:${stage.acl}`).sort(),
  });
}

/** A provenance graph as keys, layers, captions and edges between keys (elementIds differ between the copies). */
function graphOf(graph: ProvenanceGraph) {
  const keyOf = new Map(graph.nodes.map((node) => [node.id, node.key]));
  return {
    nodes: graph.nodes
      .map((node) => ({ ...node, properties: Object.keys(node.properties).length }))
      .sort((a, b) => a.key.localeCompare(b.key)),
    edges: graph.edges
      .map((edge) => ({ ...edge, from: keyOf.get(edge.source), to: keyOf.get(edge.target) }))
      .sort((a, b) => `${a.from}|${a.to}|${a.type}`.localeCompare(`${b.from}|${b.to}|${b.type}`)),
    not_drawn: graph.not_drawn,
    principal_id: graph.principal_id,
  };
}

describe('the demo graph copied under other names answers as the demo does under a matching profile', () => {
  const { value } = useDemoHubDoor(server, 'lens-renamed-schema-');
  beforeAll(async () => {
    await copyDemoRenamed(server);
  }, 300_000);
  afterAll(async () => {
    await value('profile.load', { content: null }).catch(() => undefined);
    await removeDemoRenamed(server);
  });

  const useProfile = async (profile: SchemaProfile | null) => {
    await value('profile.load', profile ? { content: JSON.stringify({ schema: profile }), file_name: 'renamed.json' } : { content: null });
  };
  // A generous deadline: the comparison is of answers, and a busy machine must not turn one into a timeout.
  const run = async (request: Record<string, unknown>) =>
    (await value<QueryRunResult>('query.run', { request: { timeout_ms: 120_000, ...request } })).response;

  it('reports no mismatch between the renamed profile and the copy, and a property the profile misnames', async () => {
    await useProfile(null);
    const check = await value<ProfileCheck>('profile.validate', { content: PROFILE_FILE, file_name: 'renamed.json' });
    expect(check).toMatchObject({ valid: true, profile_name: RENAMED_PROFILE.name, graph_problem: null });
    // Not even a note: no ADR of the demo names a successor outside the graph, so the copy never writes that property, which no record need have.
    expect(check.mismatches ?? []).toEqual([]);
    // A property the profile misnames is reported: here the principals' id, which every request reads.
    const misnamed = {
      ...RENAMED_PROFILE,
      properties: { ...RENAMED_PROFILE.properties, principal: { ...RENAMED_PROFILE.properties.principal, id: 'persn_id' } },
    };
    const wrong = await value<ProfileCheck>('profile.validate', {
      content: JSON.stringify({ schema: misnamed }),
      file_name: 'renamed.json',
    });
    expect(wrong.mismatches?.map((mismatch) => [mismatch.severity, mismatch.subject, mismatch.message_params])).toContainEqual([
      'note',
      'property persn_id',
      { property: 'persn_id', field: 'properties.principal.id' },
    ]);
    // Only that one: the successor outside the graph is no record's to have.
    expect(wrong.mismatches).toHaveLength(1);
  });

  it('gives every principal the same items, order, outcome, denied counts and freshness in every mode', async () => {
    const requests = [
      ...PRINCIPALS.flatMap((principal) => MODES.flatMap((mode) => QUESTIONS.map((query) => ({ query, principal, mode })))),
      ...PRINCIPALS.flatMap((principal) =>
        TEMPLATES.map(({ template_id, query }) => ({ query, principal, mode: 'cypher', options: { template_id } })),
      ),
      ...PRINCIPALS.flatMap((principal) => FILTERED.map((request) => ({ ...request, principal }))),
    ];
    await useProfile(null);
    const before = [];
    for (const request of requests) before.push(answerOf(await run(request)));
    await useProfile(RENAMED_PROFILE);
    const differing: string[] = [];
    for (const [index, request] of requests.entries()) {
      const found = differences(before[index], answerOf(await run(request)));
      if (found.length > 0) differing.push(`${JSON.stringify(request)}:\n  ${found.slice(0, 6).join('\n  ')}`);
    }
    expect(`${differing.length} of ${requests.length} requests differ\n${differing.slice(0, 8).join('\n')}`).toBe(
      `0 of ${requests.length} requests differ\n`,
    );
    // Not vacuous: items, denials and template rows without provenance were there to compare.
    const answers = before as { items: unknown[]; denied: { count: number }[]; lacking_provenance: number }[];
    expect(answers.filter((answer) => answer.items.length > 0).length).toBeGreaterThan(requests.length / 2);
    expect(answers.some((answer) => answer.denied.some((entry) => entry.count > 0))).toBe(true);
    expect(answers.some((answer) => answer.lacking_provenance > 0)).toBe(true);
  }, 600_000);

  it('compares two principals, explains why not, draws the provenance graph and lists the stale ADRs alike', async () => {
    const request = { query: 'payments database failover', mode: 'hybrid' };
    const collect = async () => {
      const comparison = await value<Comparison>('compare.run', {
        source: 'principals',
        request,
        principal_a: 'u-sora',
        principal_b: 'u-guest',
      });
      const ran = await run({ ...request, principal: 'u-minjun' });
      const graph = await value<ProvenanceGraph>('graph.provenance', { trace_id: ran.trace_id, item_indexes: ran.items.map((_, i) => i) });
      const chunkNode = graph.nodes.find((node) => node.layer === 'chunk');
      const expanded = chunkNode ? await value<ProvenanceGraph>('graph.expand', { trace_id: ran.trace_id, node_id: chunkNode.id }) : null;
      const denied = await run({ ...request, principal: 'u-guest' });
      const whyNot = await Promise.all(
        ['runbook-payments-db-failover', 'design-payments-ha', 'adr-010-postgres-ha-patroni'].map((id) =>
          value<WhyNotAnswer>('traces.explain', { trace_id: denied.trace_id, target: { kind: 'document', id } }),
        ),
      );
      const adrs = await value<AdrListing>('adr.list', { suggestions: true });
      return { comparison, graph: graphOf(graph), expanded: expanded ? graphOf(expanded) : null, whyNot, adrs };
    };
    await useProfile(null);
    const before = await collect();
    await useProfile(RENAMED_PROFILE);
    const after = await collect();
    expect(differences(canon(before), canon(after)).slice(0, 20)).toEqual([]);
    // Not vacuous: stale and superseded ADRs, why-not findings, compared items and an expansion were there to compare.
    expect(before.adrs.adrs.filter((adr) => adr.freshness.state === 'stale').length).toBeGreaterThan(0);
    expect(before.adrs.adrs.filter((adr) => adr.superseded_by.length > 0).length).toBeGreaterThan(0);
    expect(before.whyNot.flatMap((answer) => answer.findings).length).toBeGreaterThan(0);
    expect(before.comparison.a.items.length + before.comparison.b.items.length).toBeGreaterThan(0);
    expect(before.expanded?.nodes.length).toBeGreaterThan(0);
  }, 300_000);
});
