import neo4j from 'neo4j-driver';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ALLOWED_PLAN_OPERATORS, operatorBaseName, type PlanOperator } from '../../electron/graph/plan-guard';
import { Deadline } from '../../shared/deadline';
import { fixtureDriver, graphFingerprint, useDemoGateway, type GraphFingerprint } from '../support/demo-graph';

const server = inject('neo4j');

/**
 * Texts the server plans as read-only ('r') although they are not reads the workbench may run: the
 * query type alone would let them through, only the plan tree shows what they do.
 */
const READ_TYPED_BUT_FORBIDDEN: readonly [string, string][] = [
  ["LOAD CSV FROM 'http://127.0.0.1:9/never.csv' AS row RETURN row", 'load_csv'],
  ['UNWIND range(1, 3) AS i CALL (i) { RETURN i AS j } IN TRANSACTIONS OF 1 ROW RETURN j', 'call_in_transactions'],
  ['UNWIND range(1, 3) AS i CALL (i) { RETURN i AS j } IN {a: 2}.a CONCURRENT TRANSACTIONS RETURN j', 'call_in_transactions'],
  ['CALL db.prepareForReplanning()', 'procedure_not_allowed'],
  ['CALL db.labels() YIELD label WITH label LIMIT 1 CALL db.prepareForReplanning() RETURN label', 'procedure_not_allowed'],
  ['SHOW TRANSACTIONS', 'admin_command'],
  ['SHOW TRANSACTIONS YIELD transactionId RETURN transactionId', 'admin_command'],
  ['SHOW SETTINGS YIELD name, value RETURN name, value', 'admin_command'],
  ['SHOW PROCEDURES YIELD name RETURN name', 'admin_command'],
];

/** Reads the demo's users write: the allowlist must not refuse them. */
const READS: readonly string[] = [
  'MATCH (n) WHERE n.x = 1 RETURN n ORDER BY n.y SKIP 1 LIMIT 2',
  'MATCH p = shortestPath((a:Document)-[*..3]-(b:Document)) RETURN p LIMIT 1',
  'MATCH (a:Document)-[*1..2]->(b) RETURN DISTINCT b LIMIT 3',
  'MATCH (a:Document) OPTIONAL MATCH (a)<-[:PART_OF]-(c) RETURN a, collect(c) AS chunks',
  'MATCH (a:Document) WHERE NOT EXISTS { (a)<-[:PART_OF]-() } RETURN a',
  "MATCH (a:Document {document_id: 'x'}) RETURN a",
  'UNWIND [1, 2] AS x RETURN x UNION RETURN 3 AS x',
  'MATCH (c:Chunk) RETURN [(c)-[:PART_OF]->(d) | d.title] AS titles',
  'MATCH (a:Document), (b:Chunk) RETURN count(*) AS pairs',
  'MATCH ANY SHORTEST (a:Document)-[:SUPERSEDED_BY]-+(b) RETURN b',
  'MATCH (a:Document)((x)-[:SUPERSEDED_BY]->(y)){1,3}(b) RETURN b',
  'MATCH (d:Document) WITH d.workspace_id AS w, count(*) AS c RETURN w, c ORDER BY c DESC',
  "MATCH (c:Chunk) WHERE c.chunk_id STARTS WITH 'a' RETURN c",
  "MATCH (c:Chunk) WHERE c.chunk_id CONTAINS 'a' RETURN c",
  "MATCH (d:Document) WHERE elementId(d) = 'x' RETURN d",
  "CALL db.index.fulltext.queryNodes('chunk_fulltext', 'runbook') YIELD node, score RETURN node.chunk_id AS id, score LIMIT 3",
  'MATCH (c:Chunk) RETURN c.chunk_id AS id, vector.similarity.cosine(c.embedding, c.embedding) AS s LIMIT 3',
  'MATCH (s:Service)<-[:ABOUT]-(cl:Claim)-[:SUPPORTED_BY]->(:Evidence)-[:LOCATED_IN]->(c:Chunk) RETURN DISTINCT c.chunk_id AS id LIMIT 5',
  'MATCH (d:Document) CALL (d) { MATCH (d)<-[:PART_OF]-(c) RETURN count(c) AS n } RETURN d.document_id, n',
  'CALL db.labels() YIELD label RETURN label',
  'MATCH (a:ADR)-[:SUPERSEDED_BY*]->(b:ADR) RETURN a.adr_id, b.adr_id',
  "MATCH (d:Document) WHERE d.title =~ '(?i).*runbook.*' RETURN d.title",
];

/** Every operator of a plan tree, depth first. */
function operatorsOf(plan: PlanOperator): string[] {
  return [plan.operatorType, ...plan.children.flatMap(operatorsOf)];
}

describe('the plan check, the guard authority', () => {
  const gateway = useDemoGateway(server);
  let before: GraphFingerprint;

  beforeAll(async () => {
    before = await graphFingerprint(server);
  });

  it(`plans ${READ_TYPED_BUT_FORBIDDEN.length} forbidden texts as read-only ('r'), so the query type alone would let them pass`, async () => {
    for (const [text] of READ_TYPED_BUT_FORBIDDEN)
      expect({ text, type: await gateway().plannedQueryType(text) }).toEqual({ text, type: 'r' });
  });

  it('refuses each of them on the plan alone, with the text checks bypassed, naming the rule', async () => {
    for (const [text, rule] of READ_TYPED_BUT_FORBIDDEN) {
      const verdict = await gateway().checkPlanned(text, {}, Deadline.after(10_000));
      expect({ text, verdict }).toMatchObject({ text, verdict: { allowed: false, rule, queryType: 'r' } });
    }
  });

  it('refuses writes and schema commands on the plan alone as not read-only', async () => {
    for (const text of [
      'CREATE (:Leak)',
      'MATCH (d:Document) SET d.visibility = "public"',
      'CREATE INDEX leak FOR (n:Document) ON (n.title)',
      'CALL dbms.components()',
    ]) {
      expect({ text, verdict: await gateway().checkPlanned(text) }).toMatchObject({
        text,
        verdict: { allowed: false, rule: 'not_read_only' },
      });
    }
  });

  it(`allows ${READS.length} ordinary reads, through both layers`, async () => {
    for (const text of READS)
      expect({ text, verdict: await gateway().explainUntrusted(text) }).toEqual({ text, verdict: { allowed: true, queryType: 'r' } });
  });

  it('finds every operator those reads plan on the allowlist once the release suffix and mode are dropped', async () => {
    const driver = fixtureDriver(server);
    const seen = new Set<string>();
    try {
      for (const text of READS) {
        const session = driver.session({ defaultAccessMode: neo4j.session.READ });
        try {
          const { summary } = await session.run(`EXPLAIN ${text}`);
          for (const operator of operatorsOf(summary.plan as unknown as PlanOperator)) seen.add(operator);
        } finally {
          await session.close();
        }
      }
    } finally {
      await driver.close();
    }
    expect([...seen].some((name) => name.includes('@') || name.includes('('))).toBe(true);
    expect([...seen].filter((name) => !ALLOWED_PLAN_OPERATORS.has(operatorBaseName(name)))).toEqual([]);
  });

  it('never runs a refused text: readUntrusted refuses before the server executes anything', async () => {
    for (const [text, rule] of READ_TYPED_BUT_FORBIDDEN) {
      await expect(gateway().readUntrusted(text, {}, { deadline: Deadline.after(10_000) }), text).rejects.toMatchObject({
        kind: 'refused',
        detail: rule,
      });
    }
    expect(await graphFingerprint(server)).toEqual(before);
  });
});

describe('query options: the text checks refuse what the plan check cannot see', () => {
  const gateway = useDemoGateway(server);
  const DEBUG_TEXT = 'CYPHER debug=tostring MATCH (d:Document) RETURN d LIMIT 1';

  it("plans CYPHER debug=tostring as an ordinary read ('r', allowlisted operators): the plan check alone lets it pass", async () => {
    expect(await gateway().checkPlanned(DEBUG_TEXT, {}, Deadline.after(10_000))).toEqual({ allowed: true, queryType: 'r' });
  });

  it('refuses it, and a planner=dp, before the server runs anything, naming the option', async () => {
    for (const [text, code] of [
      [DEBUG_TEXT, 'guard:option_debug'],
      ['CYPHER planner=dp MATCH (d:Document) RETURN d LIMIT 1', 'guard:option_value_not_allowed'],
    ] as const) {
      expect({ text, verdict: await gateway().explainUntrusted(text) }).toMatchObject({
        text,
        verdict: { allowed: false, rule: 'query_option', reason_code: code },
      });
    }
  });

  it('still runs a documented option through both layers', async () => {
    expect(await gateway().explainUntrusted('CYPHER 5 runtime=slotted replan=skip MATCH (d:Document) RETURN d LIMIT 1')).toEqual({
      allowed: true,
      queryType: 'r',
    });
  });
});
