import { beforeAll, describe, expect, inject, it } from 'vitest';
import { defineQuery } from '../../electron/graph/built-in-query';
import { Deadline } from '../../shared/deadline';
import { isLensError } from '../../shared/lens-error';
import { graphFingerprint, useDemoGateway, type GraphFingerprint } from '../support/demo-graph';

const server = inject('neo4j');

/** Write and escape attempts the text guard must refuse before anything runs. */
const REFUSED_BY_GUARD: readonly [string, string][] = [
  ['MATCH (n) DETACH DELETE n', 'write_clause'],
  ['CREATE (n:Document {document_id: "x"})', 'write_clause'],
  ['MERGE (n:Document {document_id: "doc-1"}) RETURN n', 'write_clause'],
  ['MATCH (d:Document) SET d.visibility = "public"', 'write_clause'],
  ['MATCH (d:Document) REMOVE d.allowed_groups', 'write_clause'],
  ['MATCH (c:Chunk) DELETE c', 'write_clause'],
  ['FOREACH (x IN [1, 2] | CREATE (:Leak {x: x}))', 'write_clause'],
  ['MATCH (n) WITH n LIMIT 1 CALL (n) { SET n.touched = true } RETURN 1', 'write_clause'],
  ['cReAtE (n:X)', 'write_clause'],
  ['/* harmless */ MATCH (n) // comment\n SET n.x = 1', 'write_clause'],
  ['MATCH (n) RETURN n; MATCH (m) DETACH DELETE m', 'multiple_statements'],
  ['RETURN 1; RETURN 2', 'multiple_statements'],
  ["LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row", 'load_csv'],
  ["LOAD\nCSV WITH HEADERS FROM 'https://example.com/x.csv' AS r RETURN r", 'load_csv'],
  ['MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10 ROWS', 'write_clause'],
  ['UNWIND range(1, 10) AS i CALL (i) { RETURN i AS j } IN TRANSACTIONS RETURN j', 'call_in_transactions'],
  ['USE system SHOW USERS', 'use_database'],
  ['USE neo4j MATCH (n) RETURN n', 'use_database'],
  ['SHOW USERS', 'admin_command'],
  ['CREATE USER mallory SET PASSWORD "password123"', 'admin_command'],
  ['ALTER USER neo4j SET PASSWORD "changed-by-attacker"', 'admin_command'],
  ['GRANT ROLE admin TO mallory', 'admin_command'],
  ['DROP INDEX chunk_embedding', 'admin_command'],
  ['CREATE INDEX leak FOR (n:Document) ON (n.title)', 'admin_command'],
  ['CREATE CONSTRAINT c FOR (n:Document) REQUIRE n.title IS UNIQUE', 'admin_command'],
  ['CREATE DATABASE shadow', 'admin_command'],
  ['STOP DATABASE neo4j', 'admin_command'],
  ['TERMINATE TRANSACTIONS "neo4j-transaction-1"', 'admin_command'],
  ["CALL db.createLabel('Leak')", 'procedure_not_allowed'],
  ['CALL db.clearQueryCaches()', 'procedure_not_allowed'],
  ["CALL dbms.setConfigValue('db.logs.query.enabled', 'OFF')", 'procedure_not_allowed'],
  ["CALL apoc.cypher.doIt('CREATE (n)', {})", 'procedure_not_allowed'],
  ["CALL db.index.fulltext.createNodeIndex('x', ['Document'], ['title'])", 'procedure_not_allowed'],
  ["RETURN apoc.cypher.runFirstColumnSingle('MATCH (n) RETURN n', {})", 'function_not_allowed'],
  ['EXPLAIN MATCH (n) DELETE n', 'explain_prefix'],
  ['PROFILE MATCH (n) RETURN n', 'explain_prefix'],
  ["USING PERIODIC COMMIT LOAD CSV FROM 'file:///x' AS r CREATE (:X)", 'periodic_commit'],
];

/**
 * Writes sent as if they were built-in queries, which skip the text guard: the server itself must
 * refuse them, because every session the gateway opens has READ access.
 */
const REFUSED_BY_SERVER: readonly string[] = [
  'CREATE (n:Leak {at: datetime()}) RETURN n',
  'MATCH (d:Document) WITH d LIMIT 1 SET d.visibility = "public" RETURN d',
  'MATCH (c:Chunk) WITH c LIMIT 1 DETACH DELETE c',
  'MERGE (p:Principal {principal_id: "u-mallory"}) RETURN p',
  'MATCH (d:Document) WITH d LIMIT 1 REMOVE d.allowed_groups RETURN d',
  "CALL db.createLabel('Leak')",
  'CREATE INDEX leak_index IF NOT EXISTS FOR (n:Document) ON (n.title)',
];

describe('the read-only gateway', () => {
  const gateway = useDemoGateway(server);
  let before: GraphFingerprint;

  beforeAll(async () => {
    before = await graphFingerprint(server);
  });

  it(`refuses ${REFUSED_BY_GUARD.length} write and escape attempts before anything runs`, async () => {
    expect(REFUSED_BY_GUARD.length).toBeGreaterThanOrEqual(30);
    for (const [text, rule] of REFUSED_BY_GUARD) {
      const verdict = await gateway().explainUntrusted(text);
      expect({ text, verdict }).toMatchObject({ text, verdict: { allowed: false, rule } });
      await expect(gateway().readUntrusted(text, {}, { deadline: Deadline.after(10_000) }), text).rejects.toMatchObject({
        kind: 'refused',
      });
    }
  });

  it('lets the server refuse writes that reach it as built-in queries, since every session is READ', async () => {
    for (const text of REFUSED_BY_SERVER) {
      const error = await gateway()
        .read(defineQuery('write-attempt', text), {}, { deadline: Deadline.after(10_000) })
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(isLensError(error), text).toBe(true);
      expect({ text, kind: (error as { kind?: string }).kind }).toEqual({ text, kind: 'refused' });
    }
  });

  it('asks the server for the planned query type without running anything', async () => {
    const deadline = Deadline.after(20_000);
    expect(await gateway().plannedQueryType('MATCH (d:Document) RETURN count(d)', {}, deadline)).toBe('r');
    expect(await gateway().plannedQueryType('MATCH (d:Document) SET d.visibility = "public" RETURN d', {}, deadline)).toBe('rw');
    expect(await gateway().plannedQueryType('CREATE (:Leak)', {}, deadline)).toBe('w');
    expect(await gateway().plannedQueryType('CREATE INDEX leak_explained FOR (n:Document) ON (n.title)', {}, deadline)).toBe('s');
  });

  it('allows and runs a plain read through the untrusted path', async () => {
    const result = await gateway().readUntrusted(
      'MATCH (d:Document) RETURN d.document_id AS id ORDER BY id LIMIT $k',
      { k: 3 },
      { deadline: Deadline.after(10_000) },
    );
    expect(result.rows).toHaveLength(3);
    expect(result.truncated).toBe(false);
  });

  it('leaves the graph exactly as it was after every attempt', async () => {
    const after = await graphFingerprint(server);
    expect(after).toEqual(before);
    expect(after.nodes).toBeGreaterThan(100);
  });
});
