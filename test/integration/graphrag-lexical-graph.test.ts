// A graph shaped as neo4j-graphrag's LexicalGraphBuilder writes one — (:Chunk {id, index, text,
// embedding})-[:FROM_DOCUMENT]->(:Document {id, path, createdAt}), NEXT_CHUNK between chunks,
// (:__Entity__)-[:FROM_CHUNK]->(:Chunk), indexes `vector_index` and `fulltext_index` — with the
// access properties a team adds under its own names. No chunk holds character offsets (that builder
// writes none), one chunk has no `index`, and one document's readers are one string, not a list.
// Retrieval as a principal through a profile and a policy of the team's names: nothing the
// principal may not see, no invented span, no merge of a chunk whose place is unknown.
import neo4j from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseAccessPolicy } from '../../shared/acl/access-policy';
import type { ContextResponse, RetrievalMode } from '../../shared/context-contract';
import { DEFAULT_SCHEMA_PROFILE, SchemaProfile } from '../../shared/schema-profile';
import { createHashingEmbedder } from '../../electron/corpus/hashing-embedder';
import { ensureDemoGraph, fixtureDriver } from '../support/demo-graph';
import { ask, retrievalDeps, type RetrievalDeps } from '../support/retrieval-deps';
import { buildConnectReport } from '../../electron/graph/connect-report';
import { formatConnectReport } from '../../electron/cli/commands/connect-command';
import type { ConnectReport } from '../../shared/connect-report';
import { coreEnglish } from '../../shared/core-catalogues';

const server = inject('neo4j');

const PROFILE = SchemaProfile.parse({
  ...DEFAULT_SCHEMA_PROFILE,
  name: 'graphrag-lexical',
  relationships: { ...DEFAULT_SCHEMA_PROFILE.relationships, partOf: 'FROM_DOCUMENT' },
  properties: {
    ...DEFAULT_SCHEMA_PROFILE.properties,
    document: {
      ...DEFAULT_SCHEMA_PROFILE.properties.document,
      id: 'id',
      sourceUri: 'path',
      title: 'path',
      updatedAt: 'createdAt',
      workspaceId: 'tenant',
      visibility: 'classification',
      ownerId: 'owner',
      allowedGroups: 'readers',
    },
    chunk: { ...DEFAULT_SCHEMA_PROFILE.properties.chunk, id: 'id', position: 'index' },
  },
  indexes: { chunkVector: 'vector_index', chunkFulltext: 'fulltext_index', entityNames: 'entity_names' },
});

/** The team's rule in its own names: same tenant, and public, the owner's or shared with a group. */
const POLICY = parseAccessPolicy({
  document: {
    all_of: [{ op: 'equals_principal', property: 'tenant', principal_field: 'workspace_id', reason: 'workspace' }],
    any_of: [
      { op: 'equals_value', property: 'classification', value: 'public' },
      { op: 'equals_principal', property: 'owner', principal_field: 'principal_id' },
      { op: 'intersects_principal', property: 'readers', principal_field: 'groups' },
    ],
  },
  entity: { acl_properties: ['tenant', 'classification', 'readers'] },
});

interface Doc {
  readonly id: string;
  readonly classification: string;
  readonly tenant: string;
  readonly owner: string;
  readonly readers: string | string[];
  /** The chunks' texts; a null index is a chunk written without one. */
  readonly chunks: ReadonlyArray<{ readonly text: string; readonly index: number | null }>;
}

const DOCS: readonly Doc[] = [
  {
    id: 'runbooks/payments-failover.md',
    classification: 'public',
    tenant: 'acme',
    owner: 'u-lee',
    readers: [],
    chunks: [
      { text: 'Payments database failover: promote the replica and repoint the payments service.', index: 0 },
      { text: 'After the payments database failover, reconcile the ledger totals.', index: 1 },
      { text: 'Payments database failover drill notes, pasted in by hand.', index: null },
    ],
  },
  {
    id: 'hr/salary-bands.md',
    classification: 'restricted',
    tenant: 'acme',
    owner: 'u-kim',
    readers: ['hr'],
    chunks: [{ text: 'Salary bands for the payments database team after the failover reorganisation.', index: 0 }],
  },
  {
    id: 'runbooks/kafka-lag.md',
    classification: 'internal',
    tenant: 'acme',
    owner: 'u-kim',
    readers: 'sre',
    chunks: [{ text: 'Kafka consumer lag: scale the payments consumers before a database failover.', index: 0 }],
  },
  {
    id: 'globex/roadmap.md',
    classification: 'public',
    tenant: 'globex',
    owner: 'u-x',
    readers: [],
    chunks: [{ text: 'Globex roadmap: payments database failover to a second region.', index: 0 }],
  },
];

const SRE = { principal_id: 'u-lee-sre', workspace_id: 'acme', groups: ['sre'], acl_partitions: [] };
const GUEST = { principal_id: 'u-guest', workspace_id: 'acme', groups: [], acl_partitions: [] };
/** What each may see, by document id. */
const VISIBLE: Record<string, readonly string[]> = {
  [SRE.principal_id]: ['runbooks/payments-failover.md', 'runbooks/kafka-lag.md'],
  [GUEST.principal_id]: ['runbooks/payments-failover.md'],
};
const MODES: readonly RetrievalMode[] = ['vector', 'fulltext', 'hybrid', 'graph', 'auto'];
const QUESTION = 'payments database failover';

async function writeLexicalGraph(): Promise<void> {
  const driver = fixtureDriver(server);
  const session = driver.session();
  const embedder = createHashingEmbedder();
  try {
    await session.run('MATCH (n) DETACH DELETE n');
    // The demo's indexes cover the same label and property; a team's graph has its own instead.
    for (const index of ['chunk_embedding', 'chunk_fulltext', 'entity_names']) await session.run(`DROP INDEX ${index} IF EXISTS`);
    for (const doc of DOCS) {
      await session.run(
        "CREATE (:Document {id: $id, path: $id, createdAt: datetime('2026-03-01T10:00:00Z'), classification: $classification, tenant: $tenant, owner: $owner, readers: $readers})",
        { ...doc },
      );
      let previous: string | null = null;
      for (const [n, chunk] of doc.chunks.entries()) {
        const id = `${doc.id}#${n}`;
        const embedding = Array.from(await embedder.embed(chunk.text));
        await session.run(
          'MATCH (d:Document {id: $doc}) CREATE (c:Chunk {id: $id, text: $text, embedding: $embedding})-[:FROM_DOCUMENT]->(d) SET c.index = $index',
          { doc: doc.id, id, text: chunk.text, embedding, index: chunk.index === null ? null : neo4j.int(chunk.index) },
        );
        if (previous)
          await session.run('MATCH (a:Chunk {id: $a}), (b:Chunk {id: $b}) CREATE (a)-[:NEXT_CHUNK]->(b)', { a: previous, b: id });
        previous = id;
      }
    }
    await session.run(
      "MATCH (c:Chunk {id: 'runbooks/payments-failover.md#0'}) CREATE (:__KGBuilder__:__Entity__ {id: 'payments', name: 'payments service'})-[:FROM_CHUNK]->(c)",
    );
    await session.run(
      "CREATE VECTOR INDEX vector_index FOR (c:Chunk) ON (c.embedding) OPTIONS {indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine'}}",
    );
    await session.run('CREATE FULLTEXT INDEX fulltext_index FOR (c:Chunk) ON EACH [c.text]');
    await session.run('CALL db.awaitIndexes(120)');
  } finally {
    await session.close();
    await driver.close();
  }
}

async function removeLexicalGraph(): Promise<void> {
  const driver = fixtureDriver(server);
  try {
    for (const index of ['vector_index', 'fulltext_index']) await driver.executeQuery(`DROP INDEX ${index} IF EXISTS`);
    await driver.executeQuery('MATCH (n) DETACH DELETE n');
  } finally {
    await driver.close();
  }
}

describe('a graph as neo4j-graphrag builds it, with a team’s own access properties', () => {
  let deps: RetrievalDeps;
  let report: ConnectReport;
  const answers = new Map<string, ContextResponse>();

  beforeAll(async () => {
    await writeLexicalGraph();
    deps = retrievalDeps(server, { profile: PROFILE, policy: POLICY });
    report = await buildConnectReport(deps.gateway, PROFILE, createHashingEmbedder(), undefined, POLICY);
    for (const principal of [SRE, GUEST])
      for (const mode of MODES)
        answers.set(`${principal.principal_id}/${mode}`, (await ask(deps, { query: QUESTION, principal, mode, top_k: 10 })).response);
  }, 240_000);

  afterAll(async () => {
    await deps?.close();
    await removeLexicalGraph();
    await ensureDemoGraph(server);
  }, 600_000);

  it.each(MODES)('hands over in %s mode only documents each principal may see, and finds them', (mode) => {
    for (const principal of [SRE, GUEST]) {
      const response = answers.get(`${principal.principal_id}/${mode}`) as ContextResponse;
      expect(response.outcome, `${principal.principal_id} ${mode}`).toBe('ok');
      const documents = new Set(response.items.map((item) => item.document_id));
      expect(
        [...documents].every((id) => VISIBLE[principal.principal_id]?.includes(id)),
        [...documents].join(', '),
      ).toBe(true);
      expect(documents.has('runbooks/payments-failover.md')).toBe(true);
      for (const item of response.items) expect(item.provenance_path.map((step) => step.label)).toEqual(['Chunk', 'Document']);
    }
  });

  it('reads a readers property holding one string as a list of that group', () => {
    const seen = (id: string) =>
      MODES.some((mode) => answers.get(`${SRE.principal_id}/${mode}`)?.items.some((item) => item.document_id === id));
    expect(seen('runbooks/kafka-lag.md')).toBe(true);
    for (const mode of MODES)
      expect(answers.get(`${GUEST.principal_id}/${mode}`)?.items.some((item) => item.document_id === 'runbooks/kafka-lag.md')).toBe(false);
  });

  it('counts the chunks of the whole graph each may not see, under the team’s names', () => {
    const whole = (principal: string) =>
      answers.get(`${principal}/vector`)?.denied.find((count) => count.kind === 'access' && count.counts === 'graph_chunks');
    // Six chunks: the HR one and Globex's are hidden from the SRE; the Kafka one too from the guest.
    expect(whole(SRE.principal_id)).toMatchObject({ count: 2, of: 6 });
    expect(whole(GUEST.principal_id)).toMatchObject({ count: 3, of: 6 });
  });

  it('gives no span where the graph holds no character offsets, and never merges a chunk without an index', () => {
    const items = MODES.flatMap((mode) => answers.get(`${SRE.principal_id}/${mode}`)?.items ?? []);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.span).toBeNull();
    // Chunks 0 and 1 of the runbook are consecutive by `index` and merge; chunk 2 has no index and stands alone.
    const merged = items.filter((item) => item.chunk_ids.length > 1);
    expect(merged.length).toBeGreaterThan(0);
    for (const item of merged) expect(item.chunk_ids).toEqual(['runbooks/payments-failover.md#0', 'runbooks/payments-failover.md#1']);
    const unplaced = items.filter((item) => item.chunk_ids.includes('runbooks/payments-failover.md#2'));
    expect(unplaced.length).toBeGreaterThan(0);
    for (const item of unplaced) expect(item.chunk_ids).toEqual(['runbooks/payments-failover.md#2']);
  });

  it('reports first what the graph supports: every mode, chunk-to-document provenance, freshness from its date, the profile’s rule, local principals', () => {
    expect(report.capabilities?.modes).toEqual(['vector', 'fulltext', 'hybrid', 'graph'].map((mode) => ({ mode, available: true })));
    expect(report.capabilities).toMatchObject({ provenance: ['Chunk', 'Document'], access_policy: 'profile', principals: 'local' });
    // The keys the database has ever made (a server that held the demo before keeps its valid_to): each one named is among them.
    expect(report.capabilities?.freshness_fields).toContain('createdAt');
    for (const field of report.capabilities?.freshness_fields ?? []) expect(report.schema.property_keys).toContain(field);
    const lines = report.capabilities?.lines.map(coreEnglish) ?? [];
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('Retrieval modes that work on this graph: vector, fulltext, hybrid, graph.');
    expect(lines[1]).toBe('Provenance: each item is traced Chunk → Document; the graph holds no claims or evidence.');
    expect(lines[2]).toMatch(/^Freshness: .*createdAt/);
    expect(lines.slice(3)).toEqual([
      'Access rule: the access policy of the profile graphrag-lexical.',
      'Principals: the local list only (the graph has no :Principal nodes).',
    ]);
  });

  it('lens connect folds the notes about absent optional labels into one line naming them and the features that are off; --verbose lists each', () => {
    const text = formatConnectReport(report);
    const supports = text.indexOf('What this graph supports:');
    const profile = text.indexOf('Schema profile "graphrag-lexical"');
    expect(supports).toBeGreaterThan(0);
    expect(profile).toBeGreaterThan(supports);
    const absent = text.split('\n').filter((line) => line.includes('Optional parts this graph does not have'));
    expect(absent).toHaveLength(1);
    expect(absent[0]).toContain('ADR, Evidence, Claim, Service');
    expect(absent[0]).toContain('Off here: Stale ADRs and decision states; claims and evidence in provenance paths;');
    expect(text).not.toContain('The graph has no :ADR nodes');
    const notes = text.split('\n').filter((line) => line.startsWith('  note: '));
    expect(notes.length, notes.join('\n')).toBeLessThanOrEqual(5);
    expect(text).toMatch(/\((\d+) notes are folded into the lines above; --verbose lists each\.\)/);
    const verbose = formatConnectReport(report, { verbose: true });
    for (const mismatch of report.mismatches) expect(verbose).toContain(`  ${mismatch.severity}: ${mismatch.message}`);
  });
});
