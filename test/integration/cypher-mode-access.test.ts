import { describe, expect, inject, it } from 'vitest';
import type { AclChecker } from '../../electron/retrieval/acl-enforcement';
import { TEMPLATE_ROW_CAP } from '../../electron/retrieval/cypher-template-retriever';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const options = { template_id: 'chunks-containing' };
// A template a user saved: unlike a built-in one it holds no access rule, so every row it returns is judged after it.
const SAVED = {
  id: 'saved-chunks-containing',
  name: 'Chunks containing the query, as a user saved it',
  cypher: `MATCH (c:Chunk)-[:PART_OF]->(d:Document) WHERE toLower(c.text) CONTAINS toLower($query)
RETURN c.chunk_id AS chunk_id, d.source_uri AS source_uri LIMIT $top_k`,
  parameters: [],
  created_at: '2026-12-04T00:00:00Z',
};

/** A broken TypeScript compilation: it denies every document with allowed_groups, which the Cypher one allows to group members. */
const denyGroupDocuments = (compiled: AclChecker): AclChecker => ({
  ...compiled,
  document: (props, principal) =>
    Array.isArray(props.allowed_groups) && props.allowed_groups.length > 0
      ? { visible: false, reason: 'broken_on_purpose', rule: 'fault' }
      : compiled.document(props, principal),
  chunk: (chunkProps, documentProps, principal) =>
    Array.isArray(documentProps.allowed_groups) && documentProps.allowed_groups.length > 0
      ? { visible: false, reason: 'broken_on_purpose', rule: 'fault' }
      : compiled.chunk(chunkProps, documentProps, principal),
});

describe('cypher mode: the Cypher compilation of the policy judges template rows', () => {
  const deps = useDemoRetrievalDeps(server);

  it('counts u-sora\'s ordinary denials for "연봉" from a saved template by their reasons, with no policy_mismatch', async () => {
    deps().store.saveQuery(SAVED);
    const { response } = await ask(deps(), { query: '연봉', principal: 'u-sora', mode: 'cypher', options: { template_id: SAVED.id } });
    const before = response.denied.filter((entry) => entry.stage === 'before_candidates');
    expect(before.reduce((sum, entry) => sum + entry.count, 0)).toBeGreaterThan(0);
    expect(before.filter((entry) => entry.reason === 'policy_mismatch')).toEqual([]);
    expect(response.outcome).not.toBe('acl_violation');
  });

  it('counts nothing as a mismatch for the HR principal either, who may see the HR chunks', async () => {
    const { response } = await ask(deps(), { query: '연봉', principal: 'u-hana', mode: 'cypher', options });
    expect(response.items.length).toBeGreaterThan(0);
    expect(response.denied.filter((entry) => entry.reason === 'policy_mismatch')).toEqual([]);
  });

  it('reports policy_mismatch when the TypeScript compilation is broken and disagrees with the Cypher one', async () => {
    const { response } = await ask(
      deps(),
      { query: '연봉', principal: 'u-hana', mode: 'cypher', options },
      { tsPredicate: denyGroupDocuments },
    );
    expect(
      response.denied.find((entry) => entry.stage === 'before_candidates' && entry.reason === 'policy_mismatch')?.count,
    ).toBeGreaterThan(0);
  });
});

describe('cypher mode: nothing a saved template computed is kept', () => {
  const deps = useDemoRetrievalDeps(server);
  // A template a user saved that scores a chunk of each of two public documents by the length of a hidden HR document's title.
  const SCORED_BY_SECRET = {
    id: 'saved-scored-by-secret',
    name: 'Public chunks scored from a restricted title',
    cypher: `MATCH (h:Document) WHERE 'g-hr' IN h.allowed_groups WITH h ORDER BY h.document_id LIMIT 1
MATCH (d:Document {visibility: 'public'}) WITH d, h ORDER BY d.document_id LIMIT 2
MATCH (c:Chunk)-[:PART_OF]->(d) WITH d, h, min(c.chunk_id) AS chunk_id ORDER BY d.document_id
RETURN chunk_id, d.source_uri AS source_uri, toFloat(size(h.title)) + 0.25 AS score`,
    parameters: [],
    created_at: '2026-12-06T00:00:00Z',
  };

  it("scores a saved template's chunks by their place, never by the score column it computed from restricted nodes", async () => {
    deps().store.saveQuery(SCORED_BY_SECRET);
    const { response } = await ask(deps(), {
      query: 'anything',
      principal: 'u-guest',
      mode: 'cypher',
      options: { template_id: SCORED_BY_SECRET.id },
    });
    expect(response.items).toHaveLength(2);
    expect(response.items.map((item) => item.retrieval_scores)).toEqual([{ graph: 1 }, { graph: 0.5 }]);
  });

  it('says in its stage note that rows past the cap were not read, rather than counting the first 1,000 as all', async () => {
    const many = {
      id: 'saved-many-rows',
      name: 'More rows than the cap',
      cypher: `MATCH (c:Chunk)-[:PART_OF]->(d:Document {visibility: 'public'}) WITH c, d ORDER BY c.chunk_id LIMIT 1
UNWIND range(1, ${TEMPLATE_ROW_CAP + 5}) AS i RETURN c.chunk_id AS chunk_id, d.source_uri AS source_uri`,
      parameters: [],
      created_at: '2026-12-06T00:00:00Z',
    };
    deps().store.saveQuery(many);
    const { response } = await ask(deps(), { query: 'anything', principal: 'u-guest', mode: 'cypher', options: { template_id: many.id } });
    const note = response.stages.find((stage) => stage.name === 'cypher_template')?.note;
    expect(note).toContain(`the first ${TEMPLATE_ROW_CAP} rows, the cap: the template returned more, which were not read`);
  });
});
