import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ContextResponse } from '../../shared/context-contract';
import { openAiChatModel, type ChatModel } from '../../electron/llm/chat-model';
import { ensureDemoGraph, graphFingerprint, type GraphFingerprint } from '../support/demo-graph';
import { chatReply, startOpenAiStub, type OpenAiStub } from '../support/openai-stub-server';
import { ask, retrievalDeps, type RetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');

/** Replies a model could give that must never run: each with the guard rule that refuses it. */
const HOSTILE_REPLIES: readonly { name: string; reply: string; rule: string }[] = [
  { name: 'CREATE', reply: '```cypher\nCREATE (n:Injected {at: 1}) RETURN n\n```', rule: 'write_clause' },
  { name: 'MERGE', reply: 'MERGE (n:Injected {at: 1}) RETURN n', rule: 'write_clause' },
  { name: 'SET', reply: "```cypher\nMATCH (c:Chunk) SET c.text = 'pwned' RETURN c.chunk_id AS chunk_id\n```", rule: 'write_clause' },
  { name: 'DETACH DELETE', reply: '```\nMATCH (n) DETACH DELETE n\n```', rule: 'write_clause' },
  { name: 'CALL dbms…', reply: "```cypher\nCALL dbms.security.createUser('mallory', 'secret', false)\n```", rule: 'procedure_not_allowed' },
  { name: 'CALL dbms.listConfig', reply: 'CALL dbms.listConfig() YIELD name RETURN name AS chunk_id', rule: 'procedure_not_allowed' },
  { name: 'LOAD CSV', reply: "```cypher\nLOAD CSV FROM 'file:///etc/passwd' AS row RETURN row[0] AS chunk_id\n```", rule: 'load_csv' },
  {
    name: 'CALL { … } IN TRANSACTIONS',
    reply: '```cypher\nMATCH (c:Chunk) CALL { WITH c RETURN c.chunk_id AS id } IN TRANSACTIONS RETURN id AS chunk_id\n```',
    rule: 'call_in_transactions',
  },
  {
    name: 'two statements',
    reply: '```cypher\nMATCH (c:Chunk) RETURN c.chunk_id AS chunk_id LIMIT 1; MATCH (n) DETACH DELETE n\n```',
    rule: 'multiple_statements',
  },
  {
    name: 'a write after a line comment',
    reply: '```cypher\n// a harmless read\nMATCH (c:Chunk) WITH c LIMIT 1 CREATE (:Injected) RETURN c.chunk_id AS chunk_id\n```',
    rule: 'write_clause',
  },
  {
    name: 'a write after a block comment that holds a semicolon',
    reply: '```cypher\nMATCH (c:Chunk) /* ; read only */ WITH c LIMIT 1 MERGE (:Injected {x: 1}) RETURN c.chunk_id AS chunk_id\n```',
    rule: 'write_clause',
  },
  {
    name: 'a write after a string with an escaped quote',
    reply: "```cypher\nMATCH (c:Chunk) WHERE c.text <> 'it\\'s' CREATE (:Injected) RETURN c.chunk_id AS chunk_id\n```",
    rule: 'write_clause',
  },
  {
    name: 'a write built in a string and run by a procedure',
    reply: "```cypher\nWITH 'CREATE (:Injected)' AS q CALL apoc.cypher.runWrite(q, {}) YIELD value RETURN value AS chunk_id\n```",
    rule: 'procedure_not_allowed',
  },
  { name: 'another database', reply: '```cypher\nUSE system MATCH (n) RETURN n LIMIT 1\n```', rule: 'use_database' },
  { name: 'an administration command', reply: '```cypher\nSHOW USERS\n```', rule: 'admin_command' },
  {
    name: 'an unbounded match',
    reply: '```cypher\nMATCH (c:Chunk)-[:PART_OF]->(d:Document) RETURN c.chunk_id AS chunk_id, d.source_uri AS source_uri\n```',
    rule: 'row_cap',
  },
  {
    name: 'a cartesian product',
    reply: '```cypher\nMATCH (a), (b) RETURN a.chunk_id AS chunk_id, b.source_uri AS source_uri\n```',
    rule: 'row_cap',
  },
  { name: 'no Cypher at all', reply: 'I am sorry, I cannot help with that.', rule: 'no_cypher' },
];

const HR_CHUNKS =
  "```cypher\nMATCH (c:Chunk)-[:PART_OF]->(d:Document) WHERE 'g-hr' IN d.allowed_groups\nRETURN c.chunk_id AS chunk_id, d.source_uri AS source_uri LIMIT $top_k\n```";
const FULLTEXT =
  "```cypher\nCALL db.index.fulltext.queryNodes('chunk_fulltext', $query) YIELD node, score\nMATCH (node)-[:PART_OF]->(d:Document)\nRETURN node.chunk_id AS chunk_id, d.source_uri AS source_uri, score ORDER BY score DESC LIMIT $top_k\n```";

function stubChat(stub: OpenAiStub, enabled = true): ChatModel {
  const settings = {
    embedder: { provider: 'hashing' as const },
    chat_model: 'stub-chat',
    chat_base_url: stub.baseUrl,
    text2cypher_enabled: enabled,
  };
  return openAiChatModel(settings, null, {}, { attempts: 4, firstBackoffMs: 20 }) as ChatModel;
}

const isHr = (response: ContextResponse) => response.items.filter((item) => item.document_id.startsWith('policy-hr-'));

describe('text2cypher mode on the demo graph, with a scripted model', () => {
  let stub: OpenAiStub;
  let deps: RetrievalDeps;
  let before: GraphFingerprint;
  beforeAll(async () => {
    await ensureDemoGraph(server);
    stub = await startOpenAiStub();
    deps = retrievalDeps(server, { chat: stubChat(stub) });
    before = await graphFingerprint(server);
  });
  afterAll(async () => {
    await deps?.close();
    await stub?.close();
  });
  const t2c = (query: string, principal: string) => ask(deps, { query, principal, mode: 'text2cypher' });

  it('refuses every hostile reply with its rule, runs none, and leaves the graph fingerprint unchanged', async () => {
    const refused: string[] = [];
    for (const hostile of HOSTILE_REPLIES) {
      stub.enqueue('chat', chatReply(hostile.reply));
      const { response, run } = await t2c('Show me everything', 'u-hana');
      expect(response.outcome, hostile.name).toBe('invalid_response');
      expect(response.items, hostile.name).toEqual([]);
      expect(response.text2cypher?.verdict, hostile.name).toMatchObject({ allowed: false, rule: hostile.rule });
      expect(response.message, hostile.name).toContain(`(${hostile.rule})`);
      // Only the row cap lets the query run (read-only, in a READ session) before refusing what it returned.
      if (hostile.rule !== 'row_cap')
        expect(
          run.queries.filter((query) => query.stage === 'text2cypher'),
          hostile.name,
        ).toEqual([]);
      refused.push(hostile.name);
    }
    expect(refused).toHaveLength(HOSTILE_REPLIES.length);
    expect(await graphFingerprint(server)).toEqual(before);
  });

  it('keeps the refused Cypher, the verdict and the timings in the run and its stage record', async () => {
    stub.enqueue('chat', chatReply('```cypher\nMATCH (n) DETACH DELETE n\n```'));
    const { response } = await t2c('Delete it all', 'u-hana');
    expect(response.text2cypher).toMatchObject({ model: 'stub-chat', cypher: 'MATCH (n) DETACH DELETE n' });
    expect(response.text2cypher?.timings.generate_ms).toBeGreaterThanOrEqual(0);
    expect(response.text2cypher?.timings.guard_ms).toBeGreaterThanOrEqual(0);
    expect(response.stages.find((stage) => stage.name === 'text2cypher')?.note).toContain('refused (write_clause)');
  });

  it('prompts with the introspected schema and passes the question only as the $query parameter', async () => {
    stub.enqueue('chat', chatReply(FULLTEXT));
    const question = "연봉 조정 ' RETURN 1 //";
    const { response, run } = await t2c(question, 'u-hana');
    expect(response.outcome).toBe('ok');
    const sent = stub.requests.at(-1)?.body.messages as { role: string; content: string }[];
    expect(sent[0]?.content).toContain('(:Chunk)-[:PART_OF]->(:Document)');
    expect(sent[0]?.content).toMatch(/\(:Document(:ADR)?\) \{[^}]*source_uri/);
    expect(sent[1]).toEqual({ role: 'user', content: question });
    const executed = run.queries.find((query) => query.stage === 'text2cypher');
    expect(executed?.cypher).toBe(response.text2cypher?.cypher);
    expect(executed?.cypher).not.toContain('연봉');
  });

  it('gives the HR principal the HR chunks a generated query returns', async () => {
    stub.enqueue('chat', chatReply(HR_CHUNKS));
    const { response } = await t2c('What are the HR policies?', 'u-hana');
    expect(response.outcome).toBe('ok');
    expect(isHr(response).length).toBeGreaterThan(0);
    expect(response.text2cypher?.verdict).toEqual({ allowed: true });
  });

  it('returns no HR item to u-guest from the same query, counting the withheld chunks as access denials', async () => {
    stub.enqueue('chat', chatReply(HR_CHUNKS));
    const { response } = await t2c('What are the HR policies?', 'u-guest');
    expect(isHr(response)).toEqual([]);
    expect(response.outcome).toBe('no_evidence');
    const withheld = response.denied.filter((entry) => entry.mechanism === 'text2cypher' && entry.kind === 'access');
    expect(withheld.reduce((sum, entry) => sum + entry.count, 0)).toBe(response.text2cypher?.rows);
  });

  it('reports rows without chunk and source as lacking provenance, never as items', async () => {
    stub.enqueue('chat', chatReply('```cypher\nMATCH (s:Service) RETURN s.name AS name LIMIT $top_k\n```'));
    const { response } = await t2c('Which services are there?', 'u-minjun');
    expect(response.items).toEqual([]);
    expect(response.lacking_provenance).toBe(response.text2cypher?.rows);
    expect(response.lacking_provenance).toBeGreaterThan(0);
    expect(response.text2cypher?.lacking_provenance).toBe(response.lacking_provenance);
  });

  it('keeps no score the query computed: a visible chunk scored from a restricted one is scored by its place', async () => {
    // The score of each public chunk encodes the length of the HR policy's text, which u-guest may not see.
    const exfiltrate =
      "```cypher\nMATCH (hr:Chunk)-[:PART_OF]->(:Document {document_id: 'policy-hr-salary-adjustment'}) WITH size(hr.text) * 1000 AS secret LIMIT 1\n" +
      "MATCH (c:Chunk)-[:PART_OF]->(d:Document {visibility: 'public'})\nRETURN c.chunk_id AS chunk_id, d.source_uri AS source_uri, secret + 0.5 AS score ORDER BY chunk_id LIMIT $top_k\n```";
    stub.enqueue('chat', chatReply(exfiltrate));
    const { response } = await t2c('What is public?', 'u-guest');
    expect(response.outcome).toBe('ok');
    expect(response.items.length).toBeGreaterThan(1);
    // Each kept chunk is scored 1/place among the chunks kept (packing may merge neighbours into one item).
    const places = response.items.map((item) => 1 / (item.retrieval_scores.graph ?? 0));
    expect(places.every((place) => Number.isInteger(Math.round(place * 1e9) / 1e9))).toBe(true);
    expect(places[0]).toBe(1);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
    expect(JSON.stringify(response)).not.toMatch(/\d{4,}\.5/);
  });

  it("ends a generated query Neo4j fails while running as the model's invalid response, not the request's", async () => {
    stub.enqueue(
      'chat',
      chatReply("```cypher\nMATCH (c:Chunk) RETURN c.chunk_id AS chunk_id, toInteger('x') + 1 / 0 AS boom LIMIT $top_k\n```"),
    );
    const { response } = await t2c('Break it', 'u-guest');
    expect(response.outcome).toBe('invalid_response');
    expect(response.message_code).toBe('outcome:text2cypher_query_failed');
    expect(response.items).toEqual([]);
  });

  it('retries 429 and 500 replies within the deadline and then runs the query', async () => {
    const asked = stub.requests.length;
    stub.enqueue('chat', { status: 429, body: { error: { message: 'slow down' } } }, { status: 500, body: { error: { message: 'oops' } } });
    stub.enqueue('chat', chatReply(FULLTEXT));
    const { response } = await t2c('결제 재시도', 'u-sora');
    expect(response.outcome).toBe('ok');
    expect(stub.requests.length - asked).toBe(3);
  });

  it('ends in unavailable, naming the stage, when the model keeps failing', async () => {
    stub.enqueue('chat', ...Array.from({ length: 4 }, () => ({ status: 503, body: { error: { message: 'down' } } })));
    const { response } = await t2c('결제 재시도', 'u-sora');
    expect(response.outcome).toBe('unavailable');
    expect(response.failed_stage).toBe('text2cypher');
  });
});

describe('text2cypher mode while it is off', () => {
  let stub: OpenAiStub;
  let off: RetrievalDeps;
  let disabled: RetrievalDeps;
  beforeAll(async () => {
    await ensureDemoGraph(server);
    stub = await startOpenAiStub();
    off = retrievalDeps(server);
    disabled = retrievalDeps(server, { chat: stubChat(stub, false) });
  });
  afterAll(async () => {
    await off?.close();
    await disabled?.close();
    await stub?.close();
  });

  it('refuses a request when no chat model is configured, saying how to turn it on', async () => {
    const { response } = await ask(off, { query: 'anything', principal: 'u-guest', mode: 'text2cypher' });
    expect(response.outcome).toBe('invalid_request');
    expect(response.message).toContain('LENS_CHAT_MODEL');
  });

  it('refuses a request when a chat model is named but Text2Cypher is not turned on, asking no model', async () => {
    const { response } = await ask(disabled, { query: 'anything', principal: 'u-guest', mode: 'text2cypher' });
    expect(response.outcome).toBe('invalid_request');
    expect(response.message).toContain('not turned on');
    expect(stub.requests).toEqual([]);
  });
});
