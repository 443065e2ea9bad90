import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ContextResponse, RetrievalMode } from '../../shared/context-contract';
import { DEFAULT_ACCESS_POLICY } from '../../shared/acl/access-policy';
import { aclTermProperties, aclTermsOf } from '../../shared/acl/compile-acl-to-lucene';
import { createHashingEmbedder } from '../../electron/corpus/hashing-embedder';
import { compareRuns } from '../../electron/compare/compare-runs';
import { explainWhyNot } from '../../electron/explain/why-not';
import { WhyNotRequest } from '../../shared/why-not';
import { asPrincipals, compareDeps } from '../support/compare-fixtures';
import { ensureDemoGraph, fixtureDriver } from '../support/demo-graph';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

/**
 * A graph that does not look like the loader's: one chunk PART_OF two documents, a public one and an
 * HR-only one, and one chunk PART_OF no document at all. The rule: a chunk is visible only when every
 * document it is part of is visible (deny overrides), and a chunk of no document never is.
 */
const WORDS = 'quokka zanzibar relocation stipend ledger';
const PUBLIC_DOC = 'fixture-shared-public';
const HR_DOC = 'fixture-shared-hr';
const SHARED_CHUNK = 'fixture-shared#both';
const PUBLIC_CHUNK = 'fixture-shared-public#0';
const DANGLING_CHUNK = 'fixture-shared#dangling';
const FIXTURE_IDS = [PUBLIC_DOC, HR_DOC, SHARED_CHUNK, PUBLIC_CHUNK, DANGLING_CHUNK];
const MODES: RetrievalMode[] = ['vector', 'fulltext', 'hybrid', 'graph'];

const documentBase = { workspace_id: 'ws-nurion', doc_type: 'note', language: 'en', updated_at: '2026-11-01T00:00:00Z' };
const publicAcl = { ...documentBase, visibility: 'public', owner_id: 'u-dohyun', allowed_groups: [] as string[] };
const hrAcl = { ...documentBase, visibility: 'restricted', owner_id: 'u-hana', allowed_groups: ['g-hr'] };

const chunkIds = (response: ContextResponse) => response.items.flatMap((item) => item.chunk_ids);
const mentionsHr = (response: ContextResponse) => JSON.stringify(response).includes(HR_DOC);

async function writeFixture(): Promise<void> {
  const embedder = createHashingEmbedder();
  const terms = aclTermProperties(DEFAULT_ACCESS_POLICY);
  const chunk = (id: string, text: string) => ({
    chunk_id: id,
    text,
    acl_partition: 'general',
    position: 0,
    start_char: 0,
    end_char: text.length,
    embedding: [...embedder.embedNow(text)],
    // As a loader that wrote the chunk under its public document would: the index's terms say "visible".
    acl_terms: aclTermsOf(terms, publicAcl, { acl_partition: 'general' }).join(' '),
  });
  const driver = fixtureDriver(server);
  try {
    await driver.executeQuery(
      `CREATE (pub:Document {document_id: $pub, title: 'Shared public page', source_uri: 'fixture://shared/public.md'}) SET pub += $publicAcl
       CREATE (hr:Document {document_id: $hr, title: 'Secret HR stipend page', source_uri: 'fixture://shared/hr.md'}) SET hr += $hrAcl
       CREATE (both:Chunk) SET both = $both
       CREATE (own:Chunk) SET own = $own
       CREATE (dangling:Chunk) SET dangling = $dangling
       CREATE (both)-[:PART_OF]->(pub), (both)-[:PART_OF]->(hr), (own)-[:PART_OF]->(pub)`,
      {
        pub: PUBLIC_DOC,
        hr: HR_DOC,
        publicAcl,
        hrAcl,
        both: chunk(SHARED_CHUNK, `${WORDS} shared between the public page and the HR page`),
        own: chunk(PUBLIC_CHUNK, `${WORDS} on the public page alone`),
        dangling: chunk(DANGLING_CHUNK, `${WORDS} in a chunk of no document`),
      },
    );
  } finally {
    await driver.close();
  }
}

async function removeFixture(): Promise<void> {
  const driver = fixtureDriver(server);
  try {
    await driver.executeQuery(
      'MATCH (n) WHERE (n:Document AND n.document_id IN $ids) OR (n:Chunk AND n.chunk_id IN $ids) DETACH DELETE n',
      { ids: FIXTURE_IDS },
    );
  } finally {
    await driver.close();
  }
}

describe('a chunk part of a document the principal may see and of one it may not', () => {
  beforeAll(async () => {
    await ensureDemoGraph(server);
    await removeFixture();
    await writeFixture();
  });
  afterAll(removeFixture);
  const deps = useDemoRetrievalDeps(server);
  /** The fixture's words asked as `principal` in `mode`, the relevance floor off; the answer must be `ok`. */
  const answerAs = async (principal: string, mode: RetrievalMode): Promise<ContextResponse> => {
    const request = { query: WORDS, principal, mode, top_k: 20, options: { min_similarity: 0, min_matched_terms: 0 } };
    const { response } = await ask(deps(), request);
    expect(response.outcome, response.message).toBe('ok');
    return response;
  };

  for (const mode of MODES) {
    it(`${mode}: is withheld from the principal who may see only the public document, and the HR document is never named`, async () => {
      const response = await answerAs('u-guest', mode);
      expect(chunkIds(response)).toContain(PUBLIC_CHUNK);
      expect(chunkIds(response)).not.toContain(SHARED_CHUNK);
      expect(chunkIds(response)).not.toContain(DANGLING_CHUNK);
      expect(mentionsHr(response)).toBe(false);
    }, 120_000);

    it(`${mode}: reaches the principal who may see both documents, never the chunk of no document`, async () => {
      const response = await answerAs('u-hana', mode);
      expect(chunkIds(response)).toContain(SHARED_CHUNK);
      expect(chunkIds(response)).not.toContain(DANGLING_CHUNK);
    }, 120_000);
  }

  it('the TypeScript re-checks catch it on their own: with the Cypher pre-filter off it is cut after expansion, and with that off too the answer is an acl_violation', async () => {
    const request = { query: 'quokka zanzibar', principal: 'u-guest', top_k: 20, options: { min_similarity: 0, min_matched_terms: 0 } };
    for (const mode of ['fulltext', 'graph'] as const) {
      const recheck = (await ask(deps(), { ...request, mode }, { skipPrefilter: true })).response;
      expect(recheck.outcome, mode).toBe('ok');
      // Full-text finds only the two fixture chunks; graph mode's vector side, with no similarity floor, also brings
      // whatever public chunk lies nearest the made-up words (which one follows the embedder's features).
      if (mode === 'fulltext') expect(chunkIds(recheck)).toEqual([PUBLIC_CHUNK]);
      expect(chunkIds(recheck)).toContain(PUBLIC_CHUNK);
      expect(chunkIds(recheck)).not.toContain(SHARED_CHUNK);
      // Other hits the guest may not see are cut there too: the shared chunk is among them.
      expect(recheck.denied.filter((entry) => entry.stage === 'after_expansion').map((entry) => entry.reason)).toContain(
        'document:not_shared',
      );
      const final = (await ask(deps(), { ...request, mode }, { skipPrefilter: true, skipRecheck: true })).response;
      expect(final.outcome, mode).toBe('acl_violation');
      expect(final.items).toEqual([]);
      expect(final.denied.filter((entry) => entry.stage === 'before_output').map((entry) => entry.reason)).toContain('document:not_shared');
    }
  }, 120_000);

  it('"why not" says the shared chunk is not visible to the guest, asked of the chunk or of its public document', async () => {
    const { response, run } = await ask(deps(), { query: WORDS, principal: 'u-guest', mode: 'fulltext', top_k: 20 });
    deps().store.recordRun(run);
    const explain = (target: { kind: 'chunk' | 'document'; id: string }) =>
      explainWhyNot({ store: deps().store, deps: deps() }, WhyNotRequest.parse({ trace_id: response.trace_id, target, rerun: false }));
    const notVisible = { kind: 'not_visible', access: { node: 'document', reason: 'not_shared' } };
    const ofChunk = await explain({ kind: 'chunk', id: SHARED_CHUNK });
    expect(ofChunk.findings.map((finding) => finding.verdict)).toMatchObject([notVisible]);
    const ofDocument = await explain({ kind: 'document', id: PUBLIC_DOC });
    const verdictOf = (chunkId: string) => ofDocument.findings.find((finding) => finding.chunk_ids.includes(chunkId))?.verdict;
    expect(verdictOf(SHARED_CHUNK)).toMatchObject(notVisible);
    expect(verdictOf(PUBLIC_CHUNK)).toMatchObject({ kind: 'returned' });
  }, 120_000);

  it('cypher (chunks-containing): withheld from the guest, shown to the HR principal', async () => {
    const request = { query: 'quokka zanzibar', mode: 'cypher' as const, top_k: 20, options: { template_id: 'chunks-containing' } };
    const guest = (await ask(deps(), { ...request, principal: 'u-guest' })).response;
    expect(chunkIds(guest)).toContain(PUBLIC_CHUNK);
    expect(chunkIds(guest)).not.toContain(SHARED_CHUNK);
    expect(chunkIds(guest)).not.toContain(DANGLING_CHUNK);
    const hana = (await ask(deps(), { ...request, principal: 'u-hana' })).response;
    expect(chunkIds(hana)).toContain(SHARED_CHUNK);
  }, 120_000);

  it('counts the shared chunk and the chunk of no document among what the guest may not see, once each', async () => {
    const run = async (principal: string) =>
      (await ask(deps(), { query: WORDS, principal, mode: 'fulltext', top_k: 20 })).response.denied.find(
        (entry) => entry.counts === 'graph_chunks' && entry.kind === 'access',
      )?.count ?? 0;
    // u-hana may see both documents but not the chunk of no document; the guest neither the shared nor the dangling chunk, nor HR.
    const guest = await run('u-guest');
    const hana = await run('u-hana');
    const driver = fixtureDriver(server);
    try {
      await driver.executeQuery('MATCH (c:Chunk {chunk_id: $id})-[r:PART_OF]->(:Document {document_id: $hr}) DELETE r', {
        id: SHARED_CHUNK,
        hr: HR_DOC,
      });
      // Without the HR link the shared chunk is the guest's: one fewer chunk withheld.
      expect(await run('u-guest')).toBe(guest - 1);
      expect(await run('u-hana')).toBe(hana);
    } finally {
      await driver.executeQuery('MATCH (c:Chunk {chunk_id: $id}), (d:Document {document_id: $hr}) MERGE (c)-[:PART_OF]->(d)', {
        id: SHARED_CHUNK,
        hr: HR_DOC,
      });
      await driver.close();
    }
  }, 120_000);

  for (const mode of MODES) {
    it(`${mode}: Compare finds no leak between the HR principal and the guest, and the shared chunk is the HR principal's only`, async () => {
      const input = asPrincipals('u-hana', 'u-guest', mode);
      if (input.source !== 'principals') throw new Error('asPrincipals gives a comparison of principals');
      const comparison = await compareRuns({ ...input, request: { ...input.request, query: WORDS, top_k: 20 } }, compareDeps(deps()));
      expect([comparison.a.outcome, comparison.b.outcome]).toEqual(['ok', 'ok']);
      if (comparison.leak_check.state !== 'checked') throw new Error('the leak check did not run');
      expect(comparison.leak_check.leaks).toEqual([]);
      expect(comparison.b.items.flatMap((item) => item.chunk_ids)).not.toContain(SHARED_CHUNK);
      expect(comparison.a.items.flatMap((item) => item.chunk_ids)).toContain(SHARED_CHUNK);
    }, 180_000);
  }
});
