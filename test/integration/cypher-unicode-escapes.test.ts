import { describe, expect, inject, it } from 'vitest';
import { defineQuery } from '../../electron/graph/built-in-query';
import { quoteName } from '../../shared/cypher/quote-name';
import { Deadline } from '../../shared/deadline';
import { useDemoGateway } from '../support/demo-graph';

const server = inject('neo4j');

// Neo4j replaces `\uXXXX` in the whole text before it lexes it. These tests hold the guard's lexer and
// quoteName to what the server really does, nothing being written.
describe('Unicode escapes in Cypher text, as the server reads them', () => {
  const gateway = useDemoGateway(server);

  it('plans an escaped SET as a write (rw) and reads an escaped line feed as the end of a // comment; the text checks refuse both', async () => {
    const deadline = Deadline.after(20_000);
    const set = String.raw`MATCH (d:Document) \u0053ET d.visibility = 'public' RETURN d`;
    const afterComment = String.raw`MATCH (d:Document) WITH d LIMIT 1 // \u000a SET d.visibility = 'public'` + '\nRETURN count(d) AS n';
    expect(await gateway().plannedQueryType(set, {}, deadline)).toBe('rw');
    expect(await gateway().plannedQueryType(afterComment, {}, deadline)).toBe('rw');
    expect(await gateway().explainUntrusted(set, {}, deadline)).toMatchObject({ allowed: false, rule: 'write_clause' });
    expect(await gateway().explainUntrusted(afterComment, {}, deadline)).toMatchObject({ allowed: false, rule: 'write_clause' });
  });

  it('reads back a name quoted by quoteName exactly as written, escapes and backslashes in it', async () => {
    const names = [String.raw`x\u0060) RETURN 2 AS y //`, String.raw`a\u0041`, String.raw`C:\users`, String.raw`a\\\u0060b`, 'odd` name'];
    for (const name of names) {
      const result = await gateway().read(
        defineQuery('quoted-alias', `RETURN 1 AS ${quoteName(name)}`),
        {},
        { deadline: Deadline.after(10_000) },
      );
      expect(
        result.rows.map((row) => Object.keys(row)),
        name,
      ).toEqual([[name]]);
    }
  });
});
