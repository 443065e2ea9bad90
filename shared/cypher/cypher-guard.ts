import { z } from 'zod';
import { tokenizeCypher, type CypherToken } from './cypher-tokens';

/** The rule a refused query broke; stable names for traces, tests and the UI. */
export const GuardRule = z.enum([
  'syntax',
  'empty',
  'multiple_statements',
  'explain_prefix',
  'write_clause',
  'admin_command',
  'use_database',
  'load_csv',
  'call_in_transactions',
  'periodic_commit',
  'procedure_not_allowed',
  'function_not_allowed',
  'not_read_only',
]);
export type GuardRule = z.infer<typeof GuardRule>;

/** The guard's answer for one text. */
export const GuardVerdict = z.discriminatedUnion('allowed', [
  z.object({ allowed: z.literal(true) }),
  z.object({ allowed: z.literal(false), rule: GuardRule, reason: z.string() }),
]);
export type GuardVerdict = z.infer<typeof GuardVerdict>;

/** Read-only procedures an analyst's or a template's Cypher may call. Everything else is refused. */
export const ALLOWED_PROCEDURES: ReadonlySet<string> = new Set([
  'db.index.vector.querynodes',
  'db.index.vector.queryrelationships',
  'db.index.fulltext.querynodes',
  'db.index.fulltext.queryrelationships',
  'db.labels',
  'db.relationshiptypes',
  'db.propertykeys',
  'db.schema.visualization',
  'db.schema.nodetypeproperties',
  'db.schema.reltypeproperties',
  'dbms.components',
  'db.info',
  'db.ping',
]);

/** Namespaces of built-in functions; a namespaced function outside them (a plugin's) is refused. */
const ALLOWED_FUNCTION_NAMESPACES: ReadonlySet<string> = new Set([
  'vector.similarity',
  'point',
  'date',
  'datetime',
  'localdatetime',
  'localtime',
  'time',
  'duration',
  'db',
]);

const WRITE_CLAUSES = new Set(['CREATE', 'MERGE', 'DELETE', 'DETACH', 'SET', 'REMOVE', 'FOREACH']);
const ADMIN_FIRST_WORDS = new Set(['SHOW', 'GRANT', 'DENY', 'REVOKE', 'START', 'STOP', 'ALTER', 'DROP', 'RENAME', 'TERMINATE', 'ENABLE', 'DRYRUN', 'DEALLOCATE', 'REALLOCATE']);
const CREATE_ADMIN_OBJECTS = new Set(['DATABASE', 'USER', 'ROLE', 'INDEX', 'CONSTRAINT', 'ALIAS', 'COMPOSITE', 'SERVER', 'FULLTEXT', 'VECTOR', 'RANGE', 'TEXT', 'POINT', 'LOOKUP', 'BTREE', 'OR']);

const refuse = (rule: GuardRule, reason: string): GuardVerdict => ({ allowed: false, rule, reason });

/** A keyword token: a bare word used as a clause, not a property (`n.set`), label (`:Set`) or map key (`{set: 1}`). */
function keywordAt(tokens: readonly CypherToken[], index: number): string | null {
  const token = tokens[index];
  if (!token || token.type !== 'word') return null;
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  if (before?.type === 'symbol' && (before.text === '.' || before.text === ':')) return null;
  if (before?.type === 'word' && before.text.toUpperCase() === 'AS') return null;
  if (after?.type === 'symbol' && after.text === ':' && (before?.text === '{' || before?.text === ',')) return null;
  return token.text.toUpperCase();
}

/** Reads a dotted name starting at `index` (`db.index.vector.queryNodes`), returning it and the index after it. */
function dottedName(tokens: readonly CypherToken[], index: number): { name: string; next: number } {
  const parts: string[] = [];
  let i = index;
  while (tokens[i]?.type === 'word' || tokens[i]?.type === 'quoted_name') {
    parts.push((tokens[i] as CypherToken).text);
    if (tokens[i + 1]?.text === '.' && (tokens[i + 2]?.type === 'word' || tokens[i + 2]?.type === 'quoted_name')) i += 2;
    else {
      i += 1;
      break;
    }
  }
  return { name: parts.join('.'), next: i };
}

function splitStatements(tokens: readonly CypherToken[]): CypherToken[][] {
  const statements: CypherToken[][] = [[]];
  for (const token of tokens) {
    if (token.type === 'symbol' && token.text === ';') statements.push([]);
    else (statements[statements.length - 1] as CypherToken[]).push(token);
  }
  return statements.filter((statement) => statement.length > 0);
}

/**
 * Refuses a namespaced function outside the built-in namespaces, wherever it stands (a map value,
 * a projection, a backtick-quoted namespace), so a plugin function cannot hide behind syntax.
 */
function checkFunctionCall(tokens: readonly CypherToken[], index: number): GuardVerdict | null {
  const token = tokens[index];
  if (!token || (token.type !== 'word' && token.type !== 'quoted_name')) return null;
  if (tokens[index - 1]?.text === '.' || tokens[index + 1]?.text !== '.') return null;
  const { name, next } = dottedName(tokens, index);
  if (tokens[next]?.text !== '(' || !name.includes('.')) return null;
  if (tokens[index - 1]?.type === 'word' && tokens[index - 1]?.text.toUpperCase() === 'CALL') return null;
  const namespace = name.slice(0, name.lastIndexOf('.')).toLowerCase();
  if (ALLOWED_FUNCTION_NAMESPACES.has(namespace)) return null;
  return refuse('function_not_allowed', `The function ${name} is outside the built-in namespaces the workbench allows.`);
}

/** True when `TRANSACTIONS` at `index` belongs to `CALL { … } IN <expression> [CONCURRENT] TRANSACTIONS`. */
function followsInAfterSubquery(tokens: readonly CypherToken[], index: number): boolean {
  for (let j = index - 1; j > 0; j -= 1) {
    const token = tokens[j] as CypherToken;
    if (token.type === 'symbol' && token.text === '}') return false;
    if (token.type === 'word' && token.text.toUpperCase() === 'IN' && tokens[j - 1]?.text === '}') return true;
  }
  return false;
}

/** Skips `CYPHER 5 runtime=slotted`-style query options at the start of a statement. */
function firstClauseIndex(tokens: readonly CypherToken[]): number {
  let i = 0;
  if (tokens[0]?.type === 'word' && tokens[0].text.toUpperCase() === 'CYPHER') {
    i = 1;
    while (tokens[i] && (tokens[i]?.type === 'number' || tokens[i]?.text === '=' || (tokens[i]?.type === 'word' && tokens[i + 1]?.text === '=') || tokens[i - 1]?.text === '=')) i += 1;
  }
  return i;
}

/**
 * The text checks of the read-only gateway, run before the server is asked to EXPLAIN a query:
 * one statement, no writes, no administration, no other database, no LOAD CSV, no batched
 * transactions, and only allowlisted procedures and function namespaces. A query that passes
 * must still EXPLAIN as read-only (`queryType` 'r') on the server before it runs.
 */
export function checkCypherText(source: string): GuardVerdict {
  const lexed = tokenizeCypher(source);
  if (!Array.isArray(lexed)) return refuse('syntax', `The query is not valid Cypher: ${lexed.error} (at character ${lexed.offset + 1}).`);
  const statements = splitStatements(lexed);
  if (statements.length === 0) return refuse('empty', 'The query is empty.');
  if (statements.length > 1) return refuse('multiple_statements', `The text holds ${statements.length} statements; run one statement at a time.`);
  const tokens = statements[0] as CypherToken[];

  const start = firstClauseIndex(tokens);
  const first = keywordAt(tokens, start);
  if (first === 'EXPLAIN' || first === 'PROFILE') {
    return refuse('explain_prefix', `${first} is added by the gateway itself; remove it from the query.`);
  }
  if (first && ADMIN_FIRST_WORDS.has(first)) {
    return refuse('admin_command', `${first} … is an administration or schema command; the workbench runs data queries only.`);
  }

  for (let i = 0; i < tokens.length; i += 1) {
    const functionRefusal = checkFunctionCall(tokens, i);
    if (functionRefusal) return functionRefusal;
    const word = keywordAt(tokens, i);
    if (!word) continue;
    const next = keywordAt(tokens, i + 1);
    if (word === 'CREATE' && next && CREATE_ADMIN_OBJECTS.has(next)) {
      return refuse('admin_command', `CREATE ${next} is an administration or schema command; the workbench runs data queries only.`);
    }
    if (WRITE_CLAUSES.has(word)) {
      const clause = word === 'DETACH' && next === 'DELETE' ? 'DETACH DELETE' : word;
      return refuse('write_clause', `${clause} writes to the graph; the workbench only reads.`);
    }
    if (word === 'USE') return refuse('use_database', 'USE selects another database or graph; queries run only on the configured database.');
    if (word === 'LOAD' && next === 'CSV') return refuse('load_csv', 'LOAD CSV reads files or URLs from the server; it is not allowed.');
    if (word === 'PERIODIC' && next === 'COMMIT') return refuse('periodic_commit', 'USING PERIODIC COMMIT batches writes; it is not allowed.');
    if (word === 'TRANSACTIONS' && followsInAfterSubquery(tokens, i)) {
      return refuse('call_in_transactions', 'CALL { … } IN TRANSACTIONS runs batched transactions; it is not allowed.');
    }
    if (['SHOW', 'GRANT', 'DENY', 'REVOKE', 'TERMINATE'].includes(word) && (i === start || tokens[i - 1]?.text === '{')) {
      return refuse('admin_command', `${word} … is an administration command; the workbench runs data queries only.`);
    }
    if (word === 'CALL') {
      const after = tokens[i + 1];
      if (after?.type === 'word' || after?.type === 'quoted_name') {
        const { name, next: afterName } = dottedName(tokens, i + 1);
        if (!ALLOWED_PROCEDURES.has(name.toLowerCase())) {
          return refuse('procedure_not_allowed', `The procedure ${name} is not on the read-only allowlist.`);
        }
        // The procedure's name is not a function call; resume after it.
        i = afterName - 1;
      }
    }
  }
  return { allowed: true };
}
