import neo4j from 'neo4j-driver';
import { describe, expect, inject, it } from 'vitest';
import { createHashingEmbedder, HASHING_FEATURES } from '../../electron/corpus/hashing-embedder';
import { buildConnectReport } from '../../electron/graph/connect-report';
import { DEFAULT_SCHEMA_PROFILE, SchemaProfile } from '../../shared/schema-profile';
import { formatConnectReport } from '../../electron/cli/commands/connect-command';
import { fixtureDriver, useDemoGateway, writeFixture } from '../support/demo-graph';

const server = inject('neo4j');

/** Writes a test fixture on the test server (never a user's graph). */
const write = (cypher: string) => writeFixture(server, cypher);

describe('the connect report', () => {
  const gateway = useDemoGateway(server);

  it('names the server version and edition, and warns that a Community account could write', async () => {
    const report = await buildConnectReport(gateway(), DEFAULT_SCHEMA_PROFILE, createHashingEmbedder());
    if (server.local) expect(report.server.version).toBe(server.version);
    expect(report.server.edition).toBe('community');
    expect(report.user.name).toBe(server.user);
    expect(report.privileges.available).toBe(false);
    expect(report.read_only.session_access_mode).toBe('READ');
    expect(report.read_only.account_can_write).toBe(true);
    expect(report.read_only.basis).toMatch(/client-side guards/);
    expect(report.warnings.join(' ')).toMatch(/can write/);
  });

  it('finds the demo graph fitting the default profile, with the embedder recorded', async () => {
    const report = await buildConnectReport(gateway(), DEFAULT_SCHEMA_PROFILE, createHashingEmbedder());
    expect(report.mismatches.filter((mismatch) => mismatch.severity !== 'note')).toEqual([]);
    expect(report.schema.embedding).toMatchObject({ embedder: 'hashing-384', dimensions: 384, kind: 'lexical' });
    const vector = report.schema.indexes.find((index) => index.name === 'chunk_embedding');
    expect(vector).toMatchObject({ type: 'VECTOR', dimensions: 384, state: 'ONLINE', labels_or_types: ['Chunk'] });
    // On 2026.01+ the filterable properties follow the embedding.
    expect(vector?.properties[0]).toBe('embedding');
    expect(report.schema.indexes.find((index) => index.name === 'chunk_fulltext')).toMatchObject({ type: 'FULLTEXT', analyzer: 'cjk' });
    expect(report.schema.labels.find((entry) => entry.label === 'Document')?.count).toBeGreaterThanOrEqual(40);
  });

  it('says what the app’s loader last loaded into the graph, and that the load finished', async () => {
    const report = await buildConnectReport(gateway(), DEFAULT_SCHEMA_PROFILE, createHashingEmbedder());
    expect(report.schema.loaded_from).toEqual({ source: 'demo corpus', finished: true });
  });

  it('says in plain words where a profile does not fit the graph', async () => {
    const profile = SchemaProfile.parse({
      ...DEFAULT_SCHEMA_PROFILE,
      name: 'other-team',
      labels: { ...DEFAULT_SCHEMA_PROFILE.labels, document: 'SourceDocument' },
      indexes: { ...DEFAULT_SCHEMA_PROFILE.indexes, chunkVector: 'passage_vectors' },
    });
    const report = await buildConnectReport(gateway(), profile, { name: 'text-embedding-3-small', dimensions: 1536 });
    const errors = report.mismatches.filter((mismatch) => mismatch.severity === 'error').map((mismatch) => mismatch.message);
    expect(errors).toContainEqual(expect.stringContaining('no :SourceDocument nodes'));
    expect(errors).toContainEqual(expect.stringContaining('no index named passage_vectors'));
    const embedderWarning = report.mismatches.find((mismatch) => mismatch.subject === 'embedder');
    expect(embedderWarning?.message).toMatch(/hashing-384.*text-embedding-3-small/);
  });

  it('flags a vector index whose dimensions differ from the embedder in use', async () => {
    const report = await buildConnectReport(gateway(), DEFAULT_SCHEMA_PROFILE, { name: 'text-embedding-3-small', dimensions: 1536 });
    expect(report.mismatches).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        message: expect.stringMatching(/384 dimensions, but the embedder in use \(text-embedding-3-small\) makes 1536/),
      }),
    );
  });

  it('flags a graph the hashing embedder made with its first features, and says to load it again', async () => {
    // A test fixture on the test server: the record as a load before the features were recorded wrote it.
    const write = async (cypher: string) => {
      const driver = fixtureDriver(server);
      const session = driver.session({ defaultAccessMode: neo4j.session.WRITE });
      try {
        await session.run(cypher, { features: HASHING_FEATURES });
      } finally {
        await session.close();
        await driver.close();
      }
    };
    await write('MATCH (m:LensEmbeddingInfo) REMOVE m.features');
    try {
      const report = await buildConnectReport(gateway(), DEFAULT_SCHEMA_PROFILE, createHashingEmbedder());
      expect(report.schema.embedding?.features).toBeNull();
      const features = report.mismatches.find((mismatch) => mismatch.message_code === 'mismatch:embedder_features_differ');
      expect(features).toMatchObject({
        severity: 'warning',
        subject: 'embedder',
        message_params: { embedder: 'hashing-384', recorded_features: 1, features: HASHING_FEATURES },
      });
      expect(features?.message).toMatch(/features of version 1, but this version of Provenance Lens embeds queries with version \d/);
      expect(features?.message).toContain('`lens demo load --docs <folder>`');
    } finally {
      await write('MATCH (m:LensEmbeddingInfo) SET m.features = $features');
    }
    const loadedAgain = await buildConnectReport(gateway(), DEFAULT_SCHEMA_PROFILE, createHashingEmbedder());
    expect(loadedAgain.schema.embedding?.features).toBe(HASHING_FEATURES);
    expect(loadedAgain.mismatches.filter((mismatch) => mismatch.message_code === 'mismatch:embedder_features_differ')).toEqual([]);
  });

  it('warns of chunks that are part of no document, which no principal is ever handed, with how many', async () => {
    const demo = await buildConnectReport(gateway(), DEFAULT_SCHEMA_PROFILE, createHashingEmbedder());
    expect(demo.schema.chunks_without_document).toBe(0);
    const chunks = demo.schema.labels.find((entry) => entry.label === 'Chunk')?.count ?? 0;
    // A test fixture on the test server: two chunks a team's pipeline wrote without their document.
    await write(
      "UNWIND ['orphan-connect-1', 'orphan-connect-2'] AS id CREATE (:Chunk {chunk_id: id, text: 'written without its document'})",
    );
    try {
      const report = await buildConnectReport(gateway(), DEFAULT_SCHEMA_PROFILE, createHashingEmbedder());
      expect(report.schema.chunks_without_document).toBe(2);
      const found = report.mismatches.find((mismatch) => mismatch.message_code === 'mismatch:chunks_without_document');
      expect(found).toMatchObject({
        severity: 'warning',
        subject: 'label Chunk',
        message_params: { count: 2, chunks: chunks + 2, label: 'Chunk', document: 'Document', type: 'PART_OF' },
      });
      expect(found?.message).toContain(`no :PART_OF link to one): 2 of ${chunks + 2}. No principal is ever handed them`);
    } finally {
      await write("MATCH (c:Chunk) WHERE c.chunk_id STARTS WITH 'orphan-connect-' DETACH DELETE c");
    }
  });
  it('judges freshness only from properties some node of the label has now, not from names the server once made', async () => {
    // A team's graph beside the demo: its documents' validity end and its ADRs' status were written, then
    // removed; their update time stays. The demo's valid_from and superseded_by live on other labels.
    const profile = SchemaProfile.parse({
      ...DEFAULT_SCHEMA_PROFILE,
      name: 'names-gone',
      labels: { ...DEFAULT_SCHEMA_PROFILE.labels, document: 'GoneNamesDoc', adr: 'GoneNamesAdr' },
      relationships: { ...DEFAULT_SCHEMA_PROFILE.relationships, supersededBy: 'GONE_NAMES_SUPERSEDED_BY' },
      properties: {
        ...DEFAULT_SCHEMA_PROFILE.properties,
        document: { ...DEFAULT_SCHEMA_PROFILE.properties.document, validTo: 'gone_valid_to', updatedAt: 'gone_updated_at' },
        adr: { ...DEFAULT_SCHEMA_PROFILE.properties.adr, status: 'gone_status' },
      },
    });
    await write(
      "UNWIND range(1, 3) AS i CREATE (:GoneNamesDoc:GoneNamesAdr {document_id: 'gone-names-' + i, gone_valid_to: datetime(), gone_updated_at: datetime(), gone_status: 'accepted'})",
    );
    try {
      await write('MATCH (d:GoneNamesDoc) REMOVE d.gone_valid_to, d.gone_status');
      const report = await buildConnectReport(gateway(), profile, createHashingEmbedder());
      // The server keeps every name it made: the check must not rest on that list.
      expect(report.schema.property_keys).toEqual(expect.arrayContaining(['gone_valid_to', 'gone_status', 'valid_from', 'superseded_by']));
      expect(report.schema.held_properties).toEqual({ GoneNamesDoc: ['gone_updated_at'] });
      expect(report.capabilities?.freshness_fields).toEqual(['gone_updated_at']);
      const line = report.capabilities?.lines.find((entry) => entry.code.startsWith('connect_report:cap_freshness'));
      expect(line).toEqual({ code: 'connect_report:cap_freshness_updated_only', params: { field: 'gone_updated_at' } });
      const printed = formatConnectReport(report);
      const freshness = printed.split('\n').find((printedLine) => printedLine.includes('Freshness: ')) ?? '';
      expect(freshness).toContain('gone_updated_at');
      for (const gone of ['gone_valid_to', 'gone_status', 'valid_from', 'superseded_by']) expect(freshness).not.toContain(gone);
      // …and the names no node holds now are said to be missing, as any other such name is.
      for (const gone of ['gone_valid_to', 'gone_status']) expect(report.schema.held_property_names).not.toContain(gone);
    } finally {
      await write('MATCH (d:GoneNamesDoc) DETACH DELETE d');
    }
  });

  it('notes a property the profile names that nodes had and lost, though the server keeps its name', async () => {
    const profile = SchemaProfile.parse({
      ...DEFAULT_SCHEMA_PROFILE,
      name: 'quote-gone',
      properties: {
        ...DEFAULT_SCHEMA_PROFILE.properties,
        evidence: { ...DEFAULT_SCHEMA_PROFILE.properties.evidence, quote: 'gone_quote' },
      },
    });
    const quoteNotes = (report: Awaited<ReturnType<typeof buildConnectReport>>) =>
      report.mismatches.filter(
        (mismatch) => mismatch.message_code === 'mismatch:property_missing' && mismatch.subject === 'property gone_quote',
      );
    // A test fixture on the test server: a team's evidence once quoted under gone_quote, then lost it.
    await write("CREATE (:Evidence {evidence_id: 'gone-quote-1', gone_quote: 'quoted once'})");
    try {
      const holding = await buildConnectReport(gateway(), profile, createHashingEmbedder());
      expect(holding.schema.held_property_names).toContain('gone_quote');
      expect(quoteNotes(holding)).toEqual([]);
      await write("MATCH (e:Evidence {evidence_id: 'gone-quote-1'}) REMOVE e.gone_quote");
      const report = await buildConnectReport(gateway(), profile, createHashingEmbedder());
      expect(report.schema.property_keys).toContain('gone_quote');
      expect(report.schema.held_property_names).not.toContain('gone_quote');
      expect(quoteNotes(report)).toEqual([
        expect.objectContaining({ severity: 'note', message_params: { property: 'gone_quote', field: 'properties.evidence.quote' } }),
      ]);
      // The demo's own names are all held: the default profile has no property note on it.
      const demo = await buildConnectReport(gateway(), DEFAULT_SCHEMA_PROFILE, createHashingEmbedder());
      expect(demo.mismatches.filter((mismatch) => mismatch.message_code === 'mismatch:property_missing')).toEqual([]);
    } finally {
      await write("MATCH (e:Evidence {evidence_id: 'gone-quote-1'}) DETACH DELETE e");
    }
  });
});
