import { describe, expect, it } from 'vitest';
import { GUARD_MESSAGES, guardMessage } from '../../../shared/cypher/guard-messages';
import {
  ALLOWED_PROCEDURES,
  checkCypherText,
  MAX_NESTING,
  MAX_QUERY_LENGTH,
  type GuardRule,
  type GuardVerdict,
} from '../../../shared/cypher/cypher-guard';
import { tokenizeCypher, type CypherToken } from '../../../shared/cypher/cypher-tokens';
import { NEO4J_SPACES } from '../../support/cypher-spaces';
import { wordCore } from '../../../shared/core-catalogues';

/** The rule of a refusal, or 'allowed'; one string keeps failure messages readable. */
function ruleOf(verdict: GuardVerdict): GuardRule | 'allowed' {
  return verdict.allowed ? 'allowed' : verdict.rule;
}

function verdictRule(source: string): GuardRule | 'allowed' {
  return ruleOf(checkCypherText(source));
}

function tokensOf(source: string): CypherToken[] {
  const tokens = tokenizeCypher(source);
  if (!Array.isArray(tokens)) throw new Error(`expected tokens, got a lex error: ${tokens.error}`);
  return tokens;
}

describe('checkCypherText: write clauses', () => {
  it.each([
    ['CREATE', 'CREATE (n:Document {document_id: "x"})'],
    ['lower-case create', 'create (n)'],
    ['mixed-case cReAtE', 'cReAtE (n)'],
    ['MERGE', 'MERGE (n:Document {document_id: $id}) RETURN n'],
    ['SET after MATCH', 'MATCH (n:Document) SET n.title = "x"'],
    ['set in lower case', 'match (n) set n.title = "x"'],
    ['DELETE', 'MATCH (n) DELETE n'],
    ['REMOVE', 'MATCH (n) REMOVE n.title'],
    ['FOREACH', 'FOREACH (x IN [1, 2] | MERGE (:A {v: x}))'],
    ['CREATE right after a block comment', '/* harmless */CREATE (n)'],
    ['CREATE after a line comment and a newline', 'MATCH (n) RETURN n\n// a comment\nCREATE (m)'],
    ['SET inside a CALL subquery', 'MATCH (n) CALL { WITH n SET n.x = 1 } RETURN n'],
    ['MERGE inside FOREACH', 'MATCH (n) FOREACH (x IN [1] | MERGE (n)-[:R]->(:B))'],
  ])('refuses %s as write_clause', (_name, source) => {
    expect(verdictRule(source)).toBe('write_clause');
  });

  it('refuses DETACH DELETE split over lines with a comment between, naming DETACH DELETE', () => {
    const verdict = checkCypherText('MATCH (n)\nDETACH\n// gone\nDELETE n');
    expect(verdict).toMatchObject({ allowed: false, rule: 'write_clause' });
    expect(verdict.allowed ? '' : verdict.reason).toContain('DETACH DELETE');
  });
});

describe('checkCypherText: administration and schema commands', () => {
  it.each([
    ['CREATE INDEX', 'CREATE INDEX doc_id FOR (d:Document) ON (d.document_id)'],
    ['CREATE CONSTRAINT', 'CREATE CONSTRAINT doc_unique FOR (d:Document) REQUIRE d.document_id IS UNIQUE'],
    ['CREATE USER', "CREATE USER mallory SET PASSWORD 'secret'"],
    ['CREATE DATABASE', 'CREATE DATABASE other'],
    ['CREATE OR REPLACE DATABASE', 'CREATE OR REPLACE DATABASE other'],
    ['CREATE VECTOR INDEX', 'CREATE VECTOR INDEX v IF NOT EXISTS FOR (c:Chunk) ON c.embedding'],
    ['CREATE FULLTEXT INDEX', 'CREATE FULLTEXT INDEX f FOR (c:Chunk) ON EACH [c.text]'],
    ['create role in lower case', 'create role auditor'],
    ['DROP INDEX', 'DROP INDEX chunk_embedding'],
    ['DROP DATABASE', 'DROP DATABASE neo4j'],
    ['ALTER USER', "ALTER USER neo4j SET PASSWORD 'x'"],
    ['GRANT', 'GRANT ROLE admin TO mallory'],
    ['DENY', 'DENY READ {*} ON GRAPH * TO reader'],
    ['REVOKE', 'REVOKE ROLE admin FROM neo4j'],
    ['SHOW USERS', 'SHOW USERS'],
    ['SHOW INDEXES', 'SHOW INDEXES'],
    ['START DATABASE', 'START DATABASE neo4j'],
    ['STOP DATABASE', 'STOP DATABASE neo4j'],
    ['TERMINATE TRANSACTIONS', "TERMINATE TRANSACTIONS 'neo4j-transaction-1'"],
    ['SHOW … TERMINATE TRANSACTIONS', 'SHOW TRANSACTIONS YIELD transactionId AS id TERMINATE TRANSACTIONS id'],
    ['DROP after a CYPHER version prefix', 'CYPHER 5 DROP INDEX chunk_embedding'],
  ])('refuses %s as admin_command', (_name, source) => {
    expect(verdictRule(source)).toBe('admin_command');
  });
});

describe('checkCypherText: other databases, files and batching', () => {
  it('refuses USE system as use_database', () => {
    expect(verdictRule('USE system SHOW USERS')).toBe('use_database');
  });

  it('refuses USE inside a subquery as use_database', () => {
    expect(verdictRule('CALL { USE other MATCH (n) RETURN n } RETURN n')).toBe('use_database');
  });

  it('refuses LOAD CSV as load_csv', () => {
    expect(verdictRule("LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row")).toBe('load_csv');
  });

  it('refuses LOAD CSV split over lines with a comment between as load_csv', () => {
    expect(verdictRule("load\n  /* split */\n csv WITH HEADERS FROM 'https://example.org/x.csv' AS row RETURN row")).toBe('load_csv');
  });

  it('refuses CALL { } IN TRANSACTIONS as call_in_transactions', () => {
    expect(verdictRule('MATCH (n) CALL (n) { MATCH (n)-[r]->() RETURN count(r) AS c } IN TRANSACTIONS OF 10 ROWS RETURN c')).toBe(
      'call_in_transactions',
    );
  });

  it('refuses CALL { } IN 3 CONCURRENT TRANSACTIONS as call_in_transactions', () => {
    expect(verdictRule('CALL { MATCH (n) RETURN n } IN 3 CONCURRENT TRANSACTIONS RETURN n')).toBe('call_in_transactions');
  });

  it('refuses CALL { } IN <expression> CONCURRENT TRANSACTIONS as call_in_transactions', () => {
    expect(verdictRule('CALL { MATCH (n) RETURN n } IN (1 + 2) CONCURRENT TRANSACTIONS RETURN n')).toBe('call_in_transactions');
  });

  it('refuses USING PERIODIC COMMIT as periodic_commit', () => {
    expect(verdictRule("USING PERIODIC COMMIT 500 LOAD CSV FROM 'file:///x.csv' AS row RETURN row")).toBe('periodic_commit');
  });
});

describe('checkCypherText: statements and prefixes', () => {
  it('refuses two statements as multiple_statements', () => {
    const verdict = checkCypherText('MATCH (n) RETURN n; MATCH (m) RETURN m');
    expect(ruleOf(verdict)).toBe('multiple_statements');
    expect(verdict.allowed ? '' : verdict.reason).toContain('2 statements');
  });

  it('refuses a read followed by a write as multiple_statements', () => {
    expect(verdictRule('MATCH (n) RETURN n;\nCREATE (m)')).toBe('multiple_statements');
  });

  it('allows a single statement with one trailing semicolon', () => {
    expect(verdictRule('MATCH (n) RETURN n LIMIT 10;')).toBe('allowed');
  });

  it('does not treat a semicolon inside a string as a statement break', () => {
    expect(verdictRule("MATCH (n) WHERE n.title = 'a; b' RETURN n")).toBe('allowed');
  });

  it('does not treat a semicolon inside a line comment or a block comment as a statement break', () => {
    expect(verdictRule('MATCH (n) /* ; */ RETURN n // ; MATCH (m) RETURN m')).toBe('allowed');
  });

  it('does not treat a semicolon inside a backtick name as a statement break', () => {
    expect(verdictRule('MATCH (n:`a;b`) RETURN n')).toBe('allowed');
  });

  it.each([
    ['EXPLAIN', 'EXPLAIN MATCH (n) RETURN n'],
    ['PROFILE', 'PROFILE MATCH (n) RETURN n'],
    ['lower-case explain', 'explain MATCH (n) RETURN n'],
  ])('refuses a %s prefix as explain_prefix', (_name, source) => {
    expect(verdictRule(source)).toBe('explain_prefix');
  });
});

describe('checkCypherText: procedures and functions', () => {
  it.each([
    ['apoc.cypher.doIt', "CALL apoc.cypher.doIt('CREATE (n)', {}) YIELD value RETURN value"],
    ['dbms.setConfigValue', "CALL dbms.setConfigValue('db.logs.query.enabled', 'OFF')"],
    ['db.createLabel', "CALL db.createLabel('Owned')"],
    ['db.clearQueryCaches', 'CALL db.clearQueryCaches()'],
    ['`apoc`.`cypher`.doIt in backticks', "CALL `apoc`.`cypher`.doIt('CREATE (n)', {}) YIELD value RETURN value"],
    ['a second CALL after an allowed one', "CALL db.labels() YIELD label CALL apoc.cypher.doIt('CREATE (n)', {}) YIELD value RETURN value"],
  ])('refuses the procedure %s as procedure_not_allowed', (_name, source) => {
    expect(verdictRule(source)).toBe('procedure_not_allowed');
  });

  it('names the refused procedure in the reason', () => {
    const verdict = checkCypherText('CALL `apoc`.`cypher`.doIt("CREATE (n)", {}) YIELD value RETURN value');
    expect(verdict.allowed ? '' : verdict.reason).toContain('apoc.cypher.doIt');
  });

  it('allows db.index.vector.queryNodes with its arguments', () => {
    expect(verdictRule("CALL db.index.vector.queryNodes('chunk_embedding', 10, $embedding) YIELD node, score RETURN node, score")).toBe(
      'allowed',
    );
  });

  it('allows db.index.fulltext.queryNodes with its arguments', () => {
    expect(verdictRule("CALL db.index.fulltext.queryNodes('chunk_fulltext', $query) YIELD node, score RETURN node, score")).toBe('allowed');
  });

  it('allows db.labels', () => {
    expect(verdictRule('CALL db.labels() YIELD label RETURN label')).toBe('allowed');
  });

  it('allows every allowlisted procedure when called with parentheses', () => {
    const refused = [...ALLOWED_PROCEDURES].filter((name) => verdictRule(`CALL ${name}()`) !== 'allowed');
    expect(refused).toEqual([]);
  });

  it('refuses the plugin function apoc.cypher.runFirstColumnMany as function_not_allowed', () => {
    expect(verdictRule("RETURN apoc.cypher.runFirstColumnMany('MATCH (n) RETURN n', {}) AS rows")).toBe('function_not_allowed');
  });

  it('refuses a plugin function used as a map value as function_not_allowed', () => {
    expect(verdictRule("RETURN {rows: apoc.cypher.runFirstColumnMany('MATCH (n) RETURN n', {})} AS m")).toBe('function_not_allowed');
  });

  it('refuses a plugin function whose namespace starts with a backtick name as function_not_allowed', () => {
    expect(verdictRule("RETURN `apoc`.cypher.runFirstColumnMany('MATCH (n) RETURN n', {}) AS rows")).toBe('function_not_allowed');
  });

  it.each([
    ['vector.similarity.cosine', 'MATCH (c:Chunk) RETURN vector.similarity.cosine(c.embedding, $v) AS s'],
    ['datetime.truncate', "RETURN datetime.truncate('day', datetime()) AS d"],
    ['point.distance', 'RETURN point.distance(point({x: 0, y: 0}), point({x: 3, y: 4})) AS d'],
  ])('allows the built-in function %s', (_name, source) => {
    expect(verdictRule(source)).toBe('allowed');
  });
});

describe('checkCypherText: syntax and empty text', () => {
  it.each([
    ['an unterminated single-quoted string', "RETURN 'abc"],
    ['an unterminated double-quoted string', 'RETURN "abc'],
    ['an unterminated block comment', 'MATCH (n) /* RETURN n'],
    ['an unterminated backtick name', 'MATCH (n:`Doc) RETURN n'],
  ])('refuses %s as syntax', (_name, source) => {
    expect(verdictRule(source)).toBe('syntax');
  });

  it('codes the lexer finding inside the syntax refusal, so Korean shows no English sentence of ours', () => {
    const verdict = checkCypherText("RETURN 'abc");
    if (verdict.allowed) throw new Error('expected a refusal');
    expect(verdict.reason).toBe('The query is not valid Cypher: a string is not closed (at character 8).');
    expect({ code: verdict.reason_code, params: verdict.reason_params }).toEqual({
      code: 'guard:syntax',
      params: { error: [guardMessage('string_not_closed')], at: 8 },
    });
    expect(wordCore({ code: verdict.reason_code ?? '', params: verdict.reason_params }, 'ko')).toBe(
      '질의가 올바른 Cypher가 아닙니다: 문자열이 닫히지 않았습니다 (8번째 문자).',
    );
  });

  it('says where an unterminated string starts, counting from 1', () => {
    const verdict = checkCypherText("RETURN 'abc");
    expect(verdict.allowed ? '' : verdict.reason).toContain('at character 8');
  });

  it.each([
    ['the empty string', ''],
    ['whitespace only', '  \n\t '],
    ['a line comment only', '// nothing here'],
    ['a block comment only', '/* nothing\n here */'],
    ['a lone semicolon', ' ; '],
  ])('refuses %s as empty', (_name, source) => {
    expect(verdictRule(source)).toBe('empty');
  });
});

describe('checkCypherText: reads that look like writes are allowed', () => {
  it.each([
    ['a property named set', 'MATCH (n) RETURN n.set'],
    ['properties named like clauses', 'MATCH (n) RETURN n.create, n.delete, n.merge, n.remove'],
    ['a label named Set', 'MATCH (n:Set) RETURN n'],
    ['labels named like clauses', 'MATCH (n:Merge:Delete:Remove) RETURN n'],
    ['a relationship type named SET', 'MATCH ()-[r:SET]->() RETURN r'],
    ['a map key named delete', 'RETURN {delete: 1} AS m'],
    ['map keys named like clauses after a comma', 'RETURN {a: 1, set: 2, create: 3} AS m'],
    ['an alias named create', 'RETURN 1 AS create'],
    ['CREATE inside a string', "RETURN 'CREATE (n)' AS text"],
    ['DELETE inside a line comment', 'MATCH (n) RETURN n // DELETE n'],
    ['DETACH DELETE inside a block comment', 'MATCH (n) /* DETACH DELETE n */ RETURN n'],
    ['a CALL { } subquery', 'CALL { MATCH (n:Document) RETURN n } RETURN n'],
    ['a scoped CALL (n) { } subquery', 'MATCH (n) CALL (n) { MATCH (n)-->(m) RETURN count(m) AS c } RETURN c'],
    ['a CYPHER 5 prefix', 'CYPHER 5 MATCH (n) RETURN n'],
    ['a CYPHER option prefix', 'CYPHER runtime=slotted MATCH (n) RETURN n'],
    ['parameters named like clauses', 'MATCH (n) WHERE n.id = $create OR n.id = $delete RETURN n'],
    ["CONTAINS 'use'", "MATCH (n) WHERE n.name CONTAINS 'use' RETURN n"],
    ['an IN list', 'MATCH (n) WHERE n.x IN [1, 2] RETURN n'],
    ['a variable-length pattern', 'MATCH (a)-[*1..3]->(b) RETURN b'],
    ['EXISTS and COUNT subqueries', 'MATCH (n) WHERE EXISTS { MATCH (n)-->() } RETURN n, COUNT { (n)-->() } AS c'],
    ['UNION of two reads', 'MATCH (n:Document) RETURN n UNION MATCH (n:Chunk) RETURN n'],
    ['the keyword STARTS WITH', "MATCH (n) WHERE n.name STARTS WITH 'a' RETURN n"],
  ])('allows %s', (_name, source) => {
    expect(verdictRule(source)).toBe('allowed');
  });
});

describe('checkCypherText: escape attempts', () => {
  const attempts: ReadonlyArray<readonly [string, GuardRule]> = [
    ['CREATE (n)', 'write_clause'],
    ['cReAtE (n)', 'write_clause'],
    ['MERGE (n:A)', 'write_clause'],
    ['MATCH (n) SET n.x = 1', 'write_clause'],
    ['MATCH (n) SET n:Owned', 'write_clause'],
    ['MATCH (n) DELETE n', 'write_clause'],
    ['MATCH (n) DETACH DELETE n', 'write_clause'],
    ['MATCH (n) REMOVE n:Document', 'write_clause'],
    ['FOREACH (x IN [1] | CREATE (:A))', 'write_clause'],
    ['MATCH (n) WITH n CALL { WITH n DELETE n } RETURN 1', 'write_clause'],
    ['/**/CREATE/**/(n)', 'write_clause'],
    ["RETURN 'x' AS a\nCREATE (n)", 'write_clause'],
    ['CREATE INDEX i FOR (n:A) ON (n.x)', 'admin_command'],
    ['CREATE CONSTRAINT c FOR (n:A) REQUIRE n.x IS UNIQUE', 'admin_command'],
    ["CREATE USER u SET PASSWORD 'p'", 'admin_command'],
    ['CREATE DATABASE d', 'admin_command'],
    ['DROP CONSTRAINT c', 'admin_command'],
    ["ALTER USER neo4j SET PASSWORD 'p'", 'admin_command'],
    ['GRANT ALL ON DATABASE * TO reader', 'admin_command'],
    ['DENY TRAVERSE ON GRAPH * TO reader', 'admin_command'],
    ['REVOKE ROLE reader FROM neo4j', 'admin_command'],
    ['SHOW PRIVILEGES', 'admin_command'],
    ['STOP DATABASE neo4j', 'admin_command'],
    ['TERMINATE TRANSACTIONS "x"', 'admin_command'],
    ['USE system MATCH (n) RETURN n', 'use_database'],
    ["LOAD CSV FROM 'file:///x' AS r RETURN r", 'load_csv'],
    ['CALL { MATCH (n) RETURN n } IN TRANSACTIONS RETURN n', 'call_in_transactions'],
    ["USING PERIODIC COMMIT LOAD CSV FROM 'file:///x' AS r RETURN r", 'periodic_commit'],
    ['MATCH (n) RETURN n; MATCH (n) DETACH DELETE n', 'multiple_statements'],
    ['EXPLAIN CREATE (n)', 'explain_prefix'],
    ["CALL apoc.cypher.doIt('CREATE (n)', {}) YIELD value RETURN value", 'procedure_not_allowed'],
    ["CALL dbms.setConfigValue('x', 'y')", 'procedure_not_allowed'],
    ["CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DELETE n', {})", 'procedure_not_allowed'],
    ["RETURN apoc.cypher.runFirstColumnSingle('MATCH (n) RETURN n', {}) AS x", 'function_not_allowed'],
    ["RETURN 'abc", 'syntax'],
  ];

  it('lists at least 30 distinct attempts', () => {
    expect(new Set(attempts.map(([source]) => source)).size).toBeGreaterThanOrEqual(30);
  });

  it('refuses every attempt with the expected rule', () => {
    const wrong = attempts
      .map(([source, rule]) => ({ source, expected: rule, got: verdictRule(source) }))
      .filter((entry) => entry.got !== entry.expected);
    expect(wrong).toEqual([]);
  });

  it('gives every refusal a reason a user can read', () => {
    for (const [source] of attempts) {
      const verdict = checkCypherText(source);
      expect(verdict.allowed, source).toBe(false);
      expect(verdict.allowed ? '' : verdict.reason, source).toMatch(/\S.{10,}/);
    }
  });
});

describe('tokenizeCypher', () => {
  it('reads a backtick name with doubled backticks as one name holding a single backtick', () => {
    expect(tokensOf('MATCH (n:`a``b`)')[4]).toEqual({ type: 'quoted_name', text: 'a`b', offset: 9 });
  });

  it('reads escaped quotes inside strings as part of the string', () => {
    const strings = tokensOf(`RETURN 'it\\'s', "say \\"hi\\""`).filter((token) => token.type === 'string');
    expect(strings.map((token) => token.text)).toEqual(["it's", 'say "hi"']);
  });

  it('keeps a backslash-escaped backslash before the closing quote inside the string', () => {
    const strings = tokensOf(String.raw`RETURN 'a\\', 'b'`).filter((token) => token.type === 'string');
    expect(strings.map((token) => token.text)).toEqual(['a\\', 'b']);
  });

  it('splits a 1..3 range into two numbers around two dots', () => {
    const range = tokensOf('MATCH (a)-[*1..3]->(b)').slice(7, 11);
    expect(range.map((token) => [token.type, token.text])).toEqual([
      ['number', '1'],
      ['symbol', '.'],
      ['symbol', '.'],
      ['number', '3'],
    ]);
  });

  it('reads a decimal number with an exponent as one number', () => {
    expect(tokensOf('RETURN 1.5e3')[1]).toMatchObject({ type: 'number', text: '1.5e3' });
  });

  it('reads a parameter without its dollar sign', () => {
    expect(tokensOf('RETURN $create')[1]).toEqual({ type: 'parameter', text: 'create', offset: 7 });
  });

  it('drops comments and keeps the offsets of the tokens after them', () => {
    const tokens = tokensOf('/* x */ MATCH // y\n(n)');
    expect(tokens.map((token) => [token.text, token.offset])).toEqual([
      ['MATCH', 8],
      ['(', 19],
      ['n', 20],
      [')', 21],
    ]);
  });

  it('keeps comment markers inside a string as string text', () => {
    expect(tokensOf("RETURN '// not a comment /* nor this */'")[1]).toMatchObject({
      type: 'string',
      text: '// not a comment /* nor this */',
    });
  });

  it('reads letters outside ASCII as a word', () => {
    expect(tokensOf('MATCH (문서:Document)')[2]).toMatchObject({ type: 'word', text: '문서' });
  });

  it('reports an unterminated string with the offset of its opening quote', () => {
    expect(tokenizeCypher("RETURN 1, 'abc")).toEqual({ error: guardMessage('string_not_closed'), offset: 10 });
  });
});

describe('checkCypherText: lexes as Neo4j does', () => {
  it.each([
    ['LOAD<U+001C>CSV', "LOAD\u001cCSV FROM 'http://127.0.0.1:9/x.csv' AS row RETURN row", 'load_csv'],
    [
      'a // comment ended by a carriage return before LOAD CSV',
      "// c\rLOAD CSV FROM 'http://127.0.0.1:9/x.csv' AS row RETURN row",
      'load_csv',
    ],
    ['CALL<U+001F>db.prepareForReplanning()', 'CALL\u001fdb.prepareForReplanning()', 'procedure_not_allowed'],
    [
      'IN {a:2}.a CONCURRENT TRANSACTIONS',
      'UNWIND range(1, 3) AS i CALL (i) { RETURN i AS j } IN {a: 2}.a CONCURRENT TRANSACTIONS RETURN j',
      'call_in_transactions',
    ],
    ['CYPHER 5 // c<CR>USE neo4j', 'CYPHER 5 // c\rUSE neo4j MATCH (n) RETURN n', 'use_database'],
    [
      'IN TRANSACTIONS after a map inside the subquery',
      'CALL { WITH {a: 1} AS m RETURN m } IN TRANSACTIONS RETURN m',
      'call_in_transactions',
    ],
    [
      'IN COUNT { } TRANSACTIONS',
      'MATCH (n) CALL (n) { RETURN n AS m } IN COUNT { (n)--() } CONCURRENT TRANSACTIONS RETURN m',
      'call_in_transactions',
    ],
    [
      'OPTIONAL CALL { } IN TRANSACTIONS',
      'UNWIND [1] AS i OPTIONAL CALL (i) { RETURN i AS j } IN TRANSACTIONS RETURN j',
      'call_in_transactions',
    ],
  ])('refuses %s', (_name, source, rule) => {
    expect(verdictRule(source)).toBe(rule);
  });

  it('refuses LOAD CSV split by each of the characters Neo4j treats as whitespace', () => {
    const missed = NEO4J_SPACES.filter((space) => verdictRule(`LOAD${space}CSV FROM 'file:///x' AS r RETURN r`) !== 'load_csv');
    expect(missed.map((space) => space.codePointAt(0)?.toString(16))).toEqual([]);
  });

  it('refuses a write clause after each of the characters Neo4j treats as whitespace', () => {
    const missed = NEO4J_SPACES.filter((space) => verdictRule(`MATCH (n)${space}SET${space}n.x = 1`) !== 'write_clause');
    expect(missed.map((space) => space.codePointAt(0)?.toString(16))).toEqual([]);
  });

  it('reads U+0085 and U+FEFF inside a name as part of it, as Neo4j does, not as whitespace', () => {
    expect(
      tokensOf('RETURN 1 AS a\u0085b, c\ufeffd')
        .filter((token) => token.type === 'word')
        .map((token) => token.text),
    ).toEqual(['RETURN', 'AS', 'a\u0085b', 'c\ufeffd']);
  });

  it('ends a // comment at a carriage return, keeping the tokens after it', () => {
    expect(tokensOf('// x\rRETURN 1').map((token) => token.text)).toEqual(['RETURN', '1']);
  });

  it('does not read a non-ASCII look-alike of a keyword as the keyword (ſet is a name, not SET)', () => {
    expect(verdictRule('MATCH (ſet) RETURN ſet')).toBe('allowed');
  });

  it('reads a number with a fraction, an exponent and a name part as one token, and a range as two numbers', () => {
    expect(
      tokensOf('RETURN 1.5e-3, 0x1F, 1..3')
        .filter((token) => token.type === 'number')
        .map((token) => token.text),
    ).toEqual(['1.5e-3', '0x1F', '1', '3']);
  });
});

describe('checkCypherText: administration commands inside a subquery', () => {
  it.each([
    ['SHOW TRANSACTIONS inside CALL { }', 'CALL { SHOW TRANSACTIONS YIELD transactionId RETURN transactionId } RETURN transactionId'],
    ['TERMINATE TRANSACTIONS inside CALL () { }', "CALL () { TERMINATE TRANSACTIONS 'neo4j-transaction-1' } RETURN 1"],
    ['show settings in lower case inside CALL { }', 'CALL { show settings yield name return name } RETURN name'],
  ])('refuses %s as admin_command (the check after `{`)', (_name, source) => {
    expect(verdictRule(source)).toBe('admin_command');
  });

  it('allows a map projection or a map key named like an administration word', () => {
    expect(verdictRule('MATCH (n) RETURN n { .show, terminate: 1 } AS m')).toBe('allowed');
  });
});

describe('checkCypherText: size cap and cost', () => {
  it(`refuses a text longer than ${MAX_QUERY_LENGTH} characters as too_large, saying how long it is`, () => {
    const text = `RETURN '${'x'.repeat(MAX_QUERY_LENGTH)}'`;
    const verdict = checkCypherText(text);
    expect(ruleOf(verdict)).toBe('too_large');
    expect(verdict.allowed ? '' : verdict.reason).toContain(String(text.length));
  });

  it(`refuses brackets nested deeper than ${MAX_NESTING} as too_large, saying how deep; nesting up to it, and brackets in strings, pass`, () => {
    const deep = `RETURN ${'('.repeat(30_000)}1${')'.repeat(30_000)} AS x`;
    const verdict = checkCypherText(deep);
    expect(ruleOf(verdict)).toBe('too_large');
    expect(verdict.allowed ? '' : verdict.reason).toBe(
      `The query nests brackets 30000 deep; the workbench checks and runs queries nested at most ${MAX_NESTING} deep. Flatten it (a WITH between steps, a list as a parameter).`,
    );
    const exists = `MATCH (n) WHERE ${'EXISTS { MATCH (n) WHERE '.repeat(800)}true${' }'.repeat(800)} RETURN n`;
    expect(ruleOf(checkCypherText(exists))).toBe('too_large');
    expect(verdictRule(`RETURN ${'['.repeat(MAX_NESTING)}1${']'.repeat(MAX_NESTING)} AS x`)).toBe('allowed');
    expect(verdictRule(`RETURN '${'('.repeat(5_000)}' AS x`)).toBe('allowed');
  });

  it('checks a text of exactly the cap', () => {
    const text = `RETURN '${'x'.repeat(MAX_QUERY_LENGTH - 9)}'`;
    expect(text.length).toBe(MAX_QUERY_LENGTH);
    expect(verdictRule(text)).toBe('allowed');
  });

  /** The least CPU time of five checks of `text` with the cap lifted, in ms. */
  function cheapestRun(text: string): number {
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 5; run += 1) {
      const before = process.cpuUsage();
      checkCypherText(text, { maxLength: Number.POSITIVE_INFINITY });
      const used = process.cpuUsage(before);
      best = Math.min(best, (used.user + used.system) / 1000);
    }
    return best;
  }

  it.each([
    ['many TRANSACTIONS words (scanned backwards by the old guard)', (n: number) => `RETURN 1 AS x ${'+ TRANSACTIONS '.repeat(n)}`],
    ['a long property chain', (n: number) => `MATCH (n) RETURN ${'n.a + '.repeat(n)}1`],
    ['nested maps', (n: number) => `RETURN ${'{a: '.repeat(n)}1${'}'.repeat(n)} AS m`],
  ])('costs linear time on %s: 8× the text costs at most 24× the time', (_name, build) => {
    // A linear guard costs about 8× for 8× the text, a quadratic one 64×: the bound sits between
    // them with room for a shared, noisy machine (4× the text against 8× the time once failed CI at
    // 8.4×). Under mutation (test/mutation/vitest.mutation.config.ts) the texts are half as long,
    // as instrumented code is many times slower; a quadratic guard still costs 64×.
    const unit = process.env.LENS_MUTATION_RUN === '1' ? 1_000 : 2_000;
    const small = cheapestRun(build(unit));
    const large = cheapestRun(build(8 * unit));
    expect(large / Math.max(small, 0.5)).toBeLessThanOrEqual(24);
  });
});

// From mutation survivors: every word of the guard's lists named by a test written from the Cypher
// manual rather than from the lists, so dropping one from a list fails a test.
describe('checkCypherText: each listed word, from the manual', () => {
  it.each([
    ['RENAME ROLE', 'RENAME ROLE auditor TO reviewer'],
    ['ENABLE SERVER', "ENABLE SERVER '25a7efc7-d063-44b8-bdee-f23357f89f01'"],
    ['DRYRUN REALLOCATE', 'DRYRUN REALLOCATE DATABASES'],
    ['DEALLOCATE', "DEALLOCATE DATABASES FROM SERVER 'server-1'"],
    ['REALLOCATE', 'REALLOCATE DATABASES'],
    ['CREATE ALIAS', 'CREATE ALIAS reports FOR DATABASE neo4j'],
    ['CREATE COMPOSITE DATABASE', 'CREATE COMPOSITE DATABASE everything'],
    ['CREATE RANGE INDEX', 'CREATE RANGE INDEX r FOR (d:Document) ON (d.title)'],
    ['CREATE TEXT INDEX', 'CREATE TEXT INDEX t FOR (d:Document) ON (d.title)'],
    ['CREATE LOOKUP INDEX', 'CREATE LOOKUP INDEX l FOR (n) ON EACH labels(n)'],
    ['CREATE BTREE INDEX (4.x)', 'CREATE BTREE INDEX b FOR (d:Document) ON (d.title)'],
    ['SHOW inside a subquery', 'MATCH (n) CALL { SHOW TRANSACTIONS } RETURN n'],
    ['GRANT inside a subquery', 'MATCH (n) CALL { GRANT ROLE admin TO mallory } RETURN n'],
    ['DENY inside a subquery', 'MATCH (n) CALL { DENY READ {*} ON GRAPH * TO reader } RETURN n'],
    ['REVOKE inside a subquery', 'MATCH (n) CALL { REVOKE ROLE admin FROM neo4j } RETURN n'],
    ['TERMINATE inside a subquery', "MATCH (n) CALL { TERMINATE TRANSACTIONS 'neo4j-transaction-1' } RETURN n"],
  ])('refuses %s as admin_command', (_name, source) => {
    expect(verdictRule(source)).toBe('admin_command');
  });

  it('refuses INSERT (the GQL spelling of CREATE in Cypher 25) as write_clause', () => {
    expect(verdictRule('INSERT (n:Document {document_id: "x"})')).toBe('write_clause');
  });

  it.each([
    'CALL db.index.fulltext.queryRelationships("rel_text", "x") YIELD relationship RETURN relationship',
    'CALL db.relationshipTypes()',
    'CALL db.propertyKeys()',
    'CALL db.schema.visualization()',
    'CALL db.schema.nodeTypeProperties()',
    'CALL db.schema.relTypeProperties()',
    'CALL db.info()',
    'CALL db.ping()',
  ])('allows the read-only procedure in %s', (source) => {
    expect(verdictRule(source)).toBe('allowed');
  });

  it.each([
    "RETURN date.truncate('month', date())",
    "RETURN localdatetime.truncate('day', localdatetime())",
    "RETURN localtime.truncate('hour', localtime())",
    "RETURN time.truncate('hour', time())",
    'RETURN duration.between(date(), date())',
    "RETURN db.nameFromElementId('4:abc:0')",
  ])('allows the built-in namespaced function in %s', (source) => {
    expect(verdictRule(source)).toBe('allowed');
  });
});

// From mutation survivors: the bracket tracker must fire only on a closed CALL body followed by IN …
// TRANSACTIONS; reads that merely use the word, or IN after other brackets, are allowed.
describe('checkCypherText: TRANSACTIONS that is not batching', () => {
  it.each([
    ['a label named Transactions', 'MATCH (t:Transactions) RETURN t'],
    ['an alias and a property named transactions', 'MATCH (n) RETURN n.transactions AS transactions'],
    ['IN after a list, then an alias transactions', 'MATCH (n) WHERE n.x IN [1, 2] RETURN n.x AS transactions'],
    ['IN after a parenthesis', 'MATCH (n) WHERE n.x IN (n.list) RETURN 1 AS transactions'],
    ['IN after a map, then transactions', 'WITH {a: 1} AS m UNWIND [1] AS x WITH x WHERE x IN [m.a] RETURN x AS transactions'],
    ['a subquery, then IN in the next clause', 'CALL { RETURN 1 AS x } WITH x WHERE x IN [1] RETURN x AS transactions'],
    ['a scoped subquery, then an alias transactions', 'MATCH (n) CALL (n) { RETURN n.v AS v } RETURN v AS transactions'],
    ['a variable named transactions, returned', 'WITH 1 AS transactions RETURN transactions'],
    [
      'a variable named transactions after IN',
      'UNWIND [1] AS transactions WITH transactions WHERE 1 IN [transactions] RETURN transactions',
    ],
    ['a subquery, then a variable named transactions', 'UNWIND [1] AS transactions CALL { RETURN 2 AS y } RETURN transactions, y'],
    [
      'a subquery, then IN and a variable named transactions',
      'UNWIND [1] AS transactions CALL { RETURN 2 AS y } WITH transactions, y WHERE y IN [transactions] RETURN y',
    ],
    ['a list before IN, then a variable named transactions', 'WITH [1] AS transactions RETURN [1] IN [transactions] AS ok, transactions'],
    ['a map before IN, then a variable named transactions', 'WITH [1] AS transactions RETURN {a: 1} IN [{a: 1}] AS ok, transactions'],
  ])('allows %s', (_name, source) => {
    expect(verdictRule(source)).toBe('allowed');
  });
});

// From the second mutation run: query options before the first clause, brackets inside strings,
// procedures inside subqueries, and variables named like the words of two-word clauses.
describe('checkCypherText: query options, strings, procedures in subqueries', () => {
  it.each([
    ['CYPHER 5 runtime=slotted SHOW USERS', 'admin_command'],
    ['CYPHER runtime=slotted DROP INDEX i', 'admin_command'],
    ["CYPHER runtime = slotted ALTER USER x SET PASSWORD 'p'", 'admin_command'],
    ['CYPHER 5 expressionEngine=compiled operatorEngine=interpreted STOP DATABASE neo4j', 'admin_command'],
    ['CYPHER 25 planner=cost EXPLAIN MATCH (n) RETURN n', 'explain_prefix'],
    ['CYPHER 5 runtime=slotted MATCH (n) RETURN n', 'allowed'],
  ] as const)('reads the clause after the query options of %s', (source, rule) => {
    expect(verdictRule(source)).toBe(rule);
  });

  it.each(['show', 'grant', 'deny', 'revoke', 'terminate'])('allows a variable named %s after the first clause', (name) => {
    expect(verdictRule(`UNWIND [1] AS ${name} RETURN ${name}`)).toBe('allowed');
  });

  it.each(['(', ')', '[', ']', '{', '}'])('finds CALL { … } IN TRANSACTIONS around a string holding %s', (bracket) => {
    expect(verdictRule(`CALL { RETURN '${bracket}' AS x } IN TRANSACTIONS RETURN x`)).toBe('call_in_transactions');
  });

  it.each([
    'CALL { CALL db.labels() YIELD label RETURN label } IN TRANSACTIONS RETURN label',
    "CALL { CALL db.index.fulltext.queryNodes('chunk_fulltext', $q) YIELD node RETURN node } IN TRANSACTIONS RETURN node",
  ])('finds CALL { … } IN TRANSACTIONS around a procedure call: %s', (source) => {
    expect(verdictRule(source)).toBe('call_in_transactions');
  });

  it('says an empty text is empty', () => {
    const verdict = checkCypherText('  // nothing but a comment\n');
    expect(verdict.allowed ? '' : verdict.reason).toBe('The query is empty.');
  });

  it.each([
    ['a map projection', 'WITH $m {.a} IN [$m] AS ok, 1 AS transactions RETURN ok, transactions'],
    ['an IN in the first clause', 'WITH 1 IN [1] AS ok, 2 AS transactions RETURN ok, transactions'],
    ['a parenthesis', 'WITH (1) IN [1] AS ok, 1 AS transactions RETURN ok, transactions'],
  ])('allows IN after %s and a later variable named transactions', (_name, source) => {
    expect(verdictRule(source)).toBe('allowed');
  });

  it.each(['csv', 'load', 'commit', 'periodic'])('allows a variable named %s', (name) => {
    expect(verdictRule(`UNWIND [1] AS ${name} RETURN ${name}`)).toBe('allowed');
  });

  it('allows db.index.vector.queryRelationships', () => {
    const source = "CALL db.index.vector.queryRelationships('rel_vec', 10, $v) YIELD relationship, score RETURN relationship, score";
    expect(verdictRule(source)).toBe('allowed');
  });

  it('refuses CREATE POINT INDEX as admin_command', () => {
    expect(verdictRule('CREATE POINT INDEX p FOR (d:Document) ON (d.location)')).toBe('admin_command');
  });

  it.each([
    ['FOREACH', 'FOREACH (x IN [1] | CREATE (:A))'],
    ['REMOVE', 'MATCH (n) REMOVE n.x'],
    ['DELETE', 'MATCH (n) DELETE n'],
  ])('names %s, the first write, in the reason', (clause, source) => {
    const verdict = checkCypherText(source);
    expect(verdict.allowed ? '' : verdict.reason).toBe(`${clause} writes to the graph; the workbench only reads.`);
  });
});

// Neo4j replaces every `\uXXXX` in the whole text before it lexes (UnicodeEscapeReplacementReader):
// in code, in comments, in strings and in backtick names alike. A keyword, a dot, a quote or a line
// end spelled that way is the keyword, the dot, the quote or the line end to the server.
describe('checkCypherText: Unicode escapes are read as Neo4j reads them, before lexing', () => {
  it.each([
    ['CREATE with an escaped C', String.raw`\u0043REATE (n)`, 'write_clause'],
    ['SET with an escaped S', String.raw`MATCH (n) \u0053ET n.x = 1`, 'write_clause'],
    ['a CREATE after a // comment ended by an escaped line feed', String.raw`MATCH (n) RETURN n // \u000a CREATE (m)`, 'write_clause'],
    ['a CREATE after a /* comment closed by escapes', String.raw`MATCH (n) /* \u002a\u002f CREATE (m) /* */ RETURN n`, 'write_clause'],
    ['USE with an escaped U', String.raw`\u0055SE system MATCH (n) RETURN n`, 'use_database'],
    ['LOAD CSV with an escaped L', String.raw`\u004cOAD CSV FROM 'file:///etc/passwd' AS r RETURN r`, 'load_csv'],
    [
      'a plugin function with escaped dots',
      String.raw`RETURN apoc\u002ecypher\u002erunFirstColumnSingle('MATCH (n) RETURN n', {}) AS x`,
      'function_not_allowed',
    ],
    ['a second statement after an escaped semicolon', String.raw`MATCH (n) RETURN n\u003b MATCH (m) RETURN m`, 'multiple_statements'],
    ['a string closed by an escaped quote, then CREATE', String.raw`RETURN '\u0027 CREATE (n) //'`, 'write_clause'],
    [
      'a backtick name closed by an escaped backtick, then DETACH DELETE',
      'MATCH (n:`A\\u0060) DETACH DELETE n //`) RETURN n',
      'write_clause',
    ],
    [
      'an escape with a sign, which Java reads as a number (\\u+060 is a backtick)',
      'MATCH (n:`A\\u+060) DELETE n //`) RETURN n',
      'write_clause',
    ],
    [
      'an escape in Arabic-Indic digits, which Java reads as hexadecimal digits',
      'MATCH (n:`A\\u\u0660\u0660\u0666\u0660) DELETE n //`) RETURN n',
      'write_clause',
    ],
    ['an escape in a full-width letter', "\\u004\uFF23OAD CSV FROM 'file:///etc/passwd' AS r RETURN r", 'load_csv'],
  ])('refuses %s', (_name, source, rule) => {
    expect(verdictRule(source)).toBe(rule);
  });

  it('reads a name spelled with escapes as the name, with offsets in the text as written, and leaves an escape after an escaped backslash alone', () => {
    expect(tokensOf(String.raw`MATCH (n:\u0044oc) RETURN n`).slice(4, 6)).toEqual([
      { type: 'word', text: 'Doc', offset: 9 },
      { type: 'symbol', text: ')', offset: 17 },
    ]);
    expect(tokensOf(String.raw`RETURN '\\u0027 CREATE', \u0027x'`).filter((token) => token.type === 'string')).toEqual([
      { type: 'string', text: String.raw`\u0027 CREATE`, offset: 7 },
      { type: 'string', text: 'x', offset: 25 },
    ]);
  });

  it('refuses a \\u not followed by four hexadecimal digits as syntax, saying where it is and what to write instead', () => {
    const verdict = checkCypherText(String.raw`RETURN 'C:\users' AS path`);
    if (verdict.allowed) throw new Error('expected a refusal');
    expect(verdict.rule).toBe('syntax');
    expect(verdict.reason_params).toEqual({ error: [guardMessage('unicode_escape_invalid')], at: 11 });
    expect(verdict.reason).toBe(
      'The query is not valid Cypher: \\u is not followed by four hexadecimal digits; write \\\\u for a backslash followed by u (at character 11).',
    );
    expect(wordCore({ code: verdict.reason_code ?? '', params: verdict.reason_params }, 'ko')).toBe(
      '질의가 올바른 Cypher가 아닙니다: \\u 뒤에 16진수 네 자리가 없습니다. 백슬래시 다음에 u를 쓰려면 \\\\u로 쓰세요 (11번째 문자).',
    );
  });
});

// Query options: only a documented set. Neo4j 5.26 runs `CYPHER debug=tostring …` as a read whose
// rows are the planner's own output (the plan check sees ProduceResults alone), and takes
// `planner=dp` and `interpretedPipesFallback=all`; the text checks must refuse them by name.
describe('checkCypherText: the query options allowlist', () => {
  it.each([
    ['CYPHER debug=tostring MATCH (n) RETURN n', 'debug=tostring'],
    ['CYPHER 5 debug=logicalplan debug=tostring MATCH (n) RETURN n', 'debug=logicalplan'],
    ['cypher DEBUG = ast RETURN 1', 'debug=ast'],
    ['CYPHER 5 CYPHER debug=tostring RETURN 1', 'debug=tostring'],
  ])('refuses the internal debug option in %s', (source, named) => {
    const verdict = checkCypherText(source);
    expect(verdict).toMatchObject({ allowed: false, rule: 'query_option', reason_code: 'guard:option_debug' });
    expect(verdict.allowed ? '' : verdict.reason).toContain(`CYPHER ${named}`);
  });

  it.each([
    ['CYPHER planner=dp MATCH (n) RETURN n', 'planner=dp', 'cost, idp'],
    ['CYPHER interpretedPipesFallback=all MATCH (n) RETURN n', 'interpretedPipesFallback=all', 'whitelisted_plans_only'],
    ['CYPHER runtime=(MATCH (n) RETURN n)', 'runtime=(', 'slotted, pipelined, parallel'],
    ['CYPHER runtime=legacy RETURN 1', 'runtime=legacy', 'slotted'],
  ])('refuses a value outside the allowlist in %s, naming the values allowed', (source, named, choices) => {
    const verdict = checkCypherText(source);
    expect(verdict).toMatchObject({ allowed: false, rule: 'query_option', reason_code: 'guard:option_value_not_allowed' });
    expect(verdict.allowed ? '' : verdict.reason).toContain(named);
    expect(verdict.allowed ? '' : verdict.reason).toContain(choices);
  });

  it.each(['eagerAnalyzer=lp', 'inferSchemaParts=most_selective_label', 'madeUp=1'])('refuses the undocumented option %s', (option) => {
    const verdict = checkCypherText(`CYPHER ${option} MATCH (n) RETURN n`);
    expect(verdict).toMatchObject({ allowed: false, rule: 'query_option', reason_code: 'guard:option_not_allowed' });
    expect(verdict.allowed ? '' : verdict.reason).toContain('runtime, planner');
  });

  it.each(['4.4', '3.5', '6'])('refuses CYPHER %s, naming the versions it runs', (version) => {
    const verdict = checkCypherText(`CYPHER ${version} MATCH (n) RETURN n`);
    expect(verdict).toMatchObject({
      allowed: false,
      rule: 'query_option',
      reason_code: 'guard:cypher_version',
      reason_params: { version },
    });
  });

  it.each([
    'CYPHER 5 runtime=slotted planner=cost MATCH (n) RETURN n',
    'CYPHER RUNTIME = Pipelined expressionEngine=compiled operatorEngine=interpreted RETURN 1',
    'CYPHER 25 replan=force interpretedPipesFallback=disabled RETURN 1',
    'CYPHER 5 CYPHER runtime=parallel RETURN 1',
    'CYPHER connectComponentsPlanner=greedy updateStrategy=default MATCH (a), (b) RETURN a, b',
  ])('allows the documented options of %s', (source) => {
    expect(verdictRule(source)).toBe('allowed');
  });

  it('words each refusal in Korean too', () => {
    for (const code of ['option_debug', 'option_not_allowed', 'option_value_not_allowed', 'cypher_version'])
      expect(GUARD_MESSAGES.ko[code]).toMatch(/[가-힣]/);
  });
});
