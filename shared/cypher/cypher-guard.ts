import { z } from 'zod';
import { CoreParamsSchema, type CoreMessage } from '../core-message';
import { tokenizeCypher, type CypherToken } from './cypher-tokens';
import { guardEnglish, guardMessage } from './guard-messages';

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
  'plan_operator_not_allowed',
  'too_large',
  'query_option',
]);
export type GuardRule = z.infer<typeof GuardRule>;

/** The guard's answer for one text. */
export const GuardVerdict = z.discriminatedUnion('allowed', [
  z.object({ allowed: z.literal(true) }),
  z.object({
    allowed: z.literal(false),
    rule: GuardRule,
    reason: z.string(),
    /** The reason as a message code (`guard:…`) and its parameters; absent in records made before codes. */
    reason_code: z.string().optional(),
    reason_params: CoreParamsSchema.optional(),
  }),
]);
export type GuardVerdict = z.infer<typeof GuardVerdict>;

/**
 * The longest text the guard accepts: 64 KiB of characters. The largest query the app writes itself
 * is about 2 KB and templates pass their data as parameters, so 64 KiB leaves ~30× headroom while
 * bounding what one request can cost the guard and the server's parser and planner.
 */
export const MAX_QUERY_LENGTH = 64 * 1024;

/**
 * Read-only procedures an analyst's or a template's Cypher may call. Everything else is refused.
 * `dbms.components` is not here: the server plans it as a DBMS query (type 's'), never 'r'.
 */
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

// INSERT is Cypher 25's GQL spelling of CREATE.
const WRITE_CLAUSES = new Set(['CREATE', 'INSERT', 'MERGE', 'DELETE', 'DETACH', 'SET', 'REMOVE', 'FOREACH']);
/** Administration words that may only start a statement; those of ADMIN_AFTER_BRACE are checked there, at the start too. */
const ADMIN_FIRST_WORDS = new Set(['START', 'STOP', 'ALTER', 'DROP', 'RENAME', 'ENABLE', 'DRYRUN', 'DEALLOCATE', 'REALLOCATE']);
/** Administration words that may start a statement or open a subquery body (`CALL { SHOW TRANSACTIONS … }`). */
const ADMIN_AFTER_BRACE = new Set(['SHOW', 'GRANT', 'DENY', 'REVOKE', 'TERMINATE']);
const CREATE_ADMIN_OBJECTS = new Set([
  'DATABASE',
  'USER',
  'ROLE',
  'INDEX',
  'CONSTRAINT',
  'ALIAS',
  'COMPOSITE',
  'SERVER',
  'FULLTEXT',
  'VECTOR',
  'RANGE',
  'TEXT',
  'POINT',
  'LOOKUP',
  'BTREE',
  'OR',
]);

/** A refusal under `rule`, its English reason worded from the guard catalogue beside the code. */
export const refuse = (rule: GuardRule, reason: CoreMessage): GuardVerdict => ({
  allowed: false,
  rule,
  reason: guardEnglish(reason),
  reason_code: reason.code,
  reason_params: reason.params ?? {},
});

/**
 * The keyword reading of a word: upper case when it is all ASCII, else the word unchanged. Neo4j's
 * keywords are ASCII matched letter by letter ([aA]), so `ſet` (which JavaScript upper-cases to SET)
 * is a name, not SET.
 */
function asciiUpper(word: string): string {
  for (let i = 0; i < word.length; i += 1) if (word.charCodeAt(i) >= 0x80) return word;
  return word.toUpperCase();
}

const isSymbol = (token: CypherToken | undefined, text: string) => token?.type === 'symbol' && token.text === text;

/** A keyword token: a bare word used as a clause, not a property (`n.set`), label (`:Set`) or map key (`{set: 1}`). */
function keywordAt(tokens: readonly CypherToken[], index: number): string | null {
  const token = tokens[index];
  if (!token || token.type !== 'word') return null;
  const before = tokens[index - 1];
  if (isSymbol(before, '.') || isSymbol(before, ':')) return null;
  if (before?.type === 'word' && asciiUpper(before.text) === 'AS') return null;
  if (isSymbol(tokens[index + 1], ':') && (isSymbol(before, '{') || isSymbol(before, ','))) return null;
  return asciiUpper(token.text);
}

/** Reads a dotted name starting at `index` (`db.index.vector.queryNodes`), returning it and the index after it. */
function dottedName(tokens: readonly CypherToken[], index: number): { name: string; next: number } {
  const parts: string[] = [];
  let i = index;
  while (tokens[i]?.type === 'word' || tokens[i]?.type === 'quoted_name') {
    parts.push((tokens[i] as CypherToken).text);
    if (isSymbol(tokens[i + 1], '.') && (tokens[i + 2]?.type === 'word' || tokens[i + 2]?.type === 'quoted_name')) i += 2;
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
    if (isSymbol(token, ';')) statements.push([]);
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
  if (isSymbol(tokens[index - 1], '.') || !isSymbol(tokens[index + 1], '.')) return null;
  const { name, next } = dottedName(tokens, index);
  if (!isSymbol(tokens[next], '(') || !name.includes('.')) return null;
  const namespace = name.slice(0, name.lastIndexOf('.')).toLowerCase();
  if (ALLOWED_FUNCTION_NAMESPACES.has(namespace)) return null;
  return refuse('function_not_allowed', guardMessage('function_not_allowed', { name }));
}

/** Cypher versions a `CYPHER n` prefix may name (25 runs on Neo4j 2025.06 and later; 5.26 refuses it itself). */
const ALLOWED_CYPHER_VERSIONS: ReadonlySet<string> = new Set(['5', '25']);

/**
 * The query options (`CYPHER name=value`) a text may carry (names and values in any case), with their allowed
 * values: those Neo4j 5.26's Cypher manual documents, less the ones that are not safe on a user's
 * graph. Left out: `debug=…` (internal: `debug=tostring` replaces the rows with the planner's own
 * output, others write to the server's log or files), `planner=dp` (an exhaustive search with no
 * limit on planning time), `interpretedPipesFallback=all` (experimental; "might produce incorrect
 * results", and an access check is a result) and every option the manual does not document.
 */
export const ALLOWED_QUERY_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ['runtime', ['slotted', 'pipelined', 'parallel']],
  ['planner', ['cost', 'idp']],
  ['connectComponentsPlanner', ['greedy', 'idp']],
  ['updateStrategy', ['default', 'eager']],
  ['expressionEngine', ['default', 'interpreted', 'compiled']],
  ['operatorEngine', ['default', 'interpreted', 'compiled']],
  ['interpretedPipesFallback', ['default', 'disabled', 'whitelisted_plans_only']],
  ['replan', ['default', 'force', 'skip']],
]);

/** The refusal for one `name=value` query option, or null when the allowlist holds it. */
function checkQueryOption(name: CypherToken, value: CypherToken | undefined): GuardVerdict | null {
  const option = name.text.toLowerCase();
  if (option === 'debug') return refuse('query_option', guardMessage('option_debug', { value: value?.text ?? '' }));
  const values = [...ALLOWED_QUERY_OPTIONS].find(([known]) => known.toLowerCase() === option)?.[1];
  if (!values) {
    return refuse(
      'query_option',
      guardMessage('option_not_allowed', { option: name.text, choices: [...ALLOWED_QUERY_OPTIONS.keys()].join(', ') }),
    );
  }
  if (value?.type === 'word' && values.includes(value.text.toLowerCase())) return null;
  return refuse(
    'query_option',
    guardMessage('option_value_not_allowed', { option: name.text, value: value?.text ?? '', choices: values.join(', ') }),
  );
}

/**
 * Reads the `CYPHER 5 runtime=slotted`-style prefixes at the start of a statement (Neo4j takes
 * several), checking each version and option against the allowlists: the index of the first clause,
 * or the refusal of the first version or option outside them.
 */
function readQueryOptions(tokens: readonly CypherToken[]): { start: number } | { refusal: GuardVerdict } {
  let i = 0;
  while (tokens[i]?.type === 'word' && asciiUpper((tokens[i] as CypherToken).text) === 'CYPHER') {
    i += 1;
    for (;;) {
      const token = tokens[i];
      if (token?.type === 'number') {
        if (!ALLOWED_CYPHER_VERSIONS.has(token.text))
          return { refusal: refuse('query_option', guardMessage('cypher_version', { version: token.text })) };
        i += 1;
      } else if (token?.type === 'word' && isSymbol(tokens[i + 1], '=')) {
        const refusal = checkQueryOption(token, tokens[i + 2]);
        if (refusal) return { refusal };
        i += 3;
      } else break;
    }
  }
  return { start: i };
}

/**
 * Brackets seen so far, kept in one pass so that `CALL { … } IN <expression> TRANSACTIONS` is found
 * however the expression nests (`IN {a: 2}.a CONCURRENT TRANSACTIONS`), in linear time.
 */
class BracketTracker {
  private readonly open: { readonly callScope: boolean; readonly callBody: boolean }[] = [];
  /** Index of the `)` that closed a `CALL (…)` variable scope, and of the `}` that closed a CALL subquery (null: none yet). */
  private callScopeClosedAt: number | null = null;
  private subqueryClosedAt: number | null = null;
  /** The depth at which `} IN` opened a transactions clause that still waits for its TRANSACTIONS (null: none). */
  private pendingInTransactions: number | null = null;

  /** Follows the token at `index`; `keyword` is its keyword reading, `previousKeyword` that of the token before it. */
  visit(tokens: readonly CypherToken[], index: number, keyword: string | null, previousKeyword: string | null): void {
    const token = tokens[index] as CypherToken;
    if (token.type === 'symbol' && (token.text === '(' || token.text === '['))
      this.open.push({ callScope: token.text === '(' && previousKeyword === 'CALL', callBody: false });
    else if (token.type === 'symbol' && token.text === '{') {
      this.open.push({ callScope: false, callBody: previousKeyword === 'CALL' || this.callScopeClosedAt === index - 1 });
    } else if (token.type === 'symbol' && (token.text === ')' || token.text === ']' || token.text === '}')) {
      const closed = this.open.pop();
      if (closed?.callScope) this.callScopeClosedAt = index;
      if (closed?.callBody) this.subqueryClosedAt = index;
    } else if (keyword === 'IN' && this.subqueryClosedAt === index - 1) this.pendingInTransactions = this.open.length;
  }

  /** True when TRANSACTIONS at the current depth ends a `CALL { … } IN …` clause. */
  endsInTransactions(): boolean {
    return this.pendingInTransactions === this.open.length;
  }
}

/** The refusal for the clause keyword at `index`, if it is one the workbench never runs. */
function checkKeyword(
  tokens: readonly CypherToken[],
  index: number,
  word: string,
  start: number,
  brackets: BracketTracker,
): GuardVerdict | null {
  const next = keywordAt(tokens, index + 1);
  if (word === 'CREATE' && next && CREATE_ADMIN_OBJECTS.has(next)) {
    return refuse('admin_command', guardMessage('create_admin', { what: next }));
  }
  if (WRITE_CLAUSES.has(word)) {
    const clause = word === 'DETACH' && next === 'DELETE' ? 'DETACH DELETE' : word;
    return refuse('write_clause', guardMessage('write_clause', { clause }));
  }
  if (word === 'USE') return refuse('use_database', guardMessage('use_database'));
  if (word === 'LOAD' && next === 'CSV') return refuse('load_csv', guardMessage('load_csv'));
  if (word === 'PERIODIC' && next === 'COMMIT') return refuse('periodic_commit', guardMessage('periodic_commit'));
  if (word === 'TRANSACTIONS' && brackets.endsInTransactions()) {
    return refuse('call_in_transactions', guardMessage('call_in_transactions'));
  }
  if (ADMIN_AFTER_BRACE.has(word) && (index === start || isSymbol(tokens[index - 1], '{'))) {
    return refuse('admin_command', guardMessage('admin_word', { word }));
  }
  return null;
}

/**
 * For `CALL name(…)`: its refusal when the name is outside the allowlist, and the index after the
 * name (which is not a function call). Null for a `CALL {` or `CALL (` subquery, which has no name.
 */
function checkProcedure(tokens: readonly CypherToken[], index: number): { verdict: GuardVerdict | null; next: number } | null {
  const after = tokens[index + 1];
  if (after?.type !== 'word' && after?.type !== 'quoted_name') return null;
  const { name, next } = dottedName(tokens, index + 1);
  const verdict = ALLOWED_PROCEDURES.has(name.toLowerCase())
    ? null
    : refuse('procedure_not_allowed', guardMessage('procedure_not_allowed', { name }));
  return { verdict, next };
}

/** The checks of one statement's tokens, in one pass. */
function checkStatement(tokens: readonly CypherToken[]): GuardVerdict {
  const options = readQueryOptions(tokens);
  if ('refusal' in options) return options.refusal;
  const { start } = options;
  const first = keywordAt(tokens, start);
  if (first === 'EXPLAIN' || first === 'PROFILE') {
    return refuse('explain_prefix', guardMessage('explain_prefix', { word: first }));
  }
  if (first && ADMIN_FIRST_WORDS.has(first)) {
    return refuse('admin_command', guardMessage('admin_first', { word: first }));
  }
  const brackets = new BracketTracker();
  let previousKeyword: string | null = null;
  for (let i = 0; i < tokens.length; i += 1) {
    const functionRefusal = checkFunctionCall(tokens, i);
    if (functionRefusal) return functionRefusal;
    const word = keywordAt(tokens, i);
    brackets.visit(tokens, i, word, previousKeyword);
    previousKeyword = word;
    if (!word) continue;
    const refusal = checkKeyword(tokens, i, word, start, brackets);
    if (refusal) return refusal;
    if (word === 'CALL') {
      const procedure = checkProcedure(tokens, i);
      if (procedure?.verdict) return procedure.verdict;
      // The procedure's name is not a function call; resume after it.
      if (procedure) {
        i = procedure.next - 1;
        previousKeyword = null;
      }
    }
  }
  return { allowed: true };
}

/**
 * The deepest nesting of brackets a text may have. Neo4j's parser recurses on nesting: 30,000 nested
 * parentheses or 800 nested EXISTS {} ran the guard's EXPLAIN out of time, blamed on the server; no
 * query a person or a model writes for retrieval comes near this.
 */
export const MAX_NESTING = 200;

/** The deepest nesting of ( [ { in the tokens (strings, names and comments are not tokens of that kind). */
function nestingDepth(tokens: readonly CypherToken[]): number {
  let depth = 0;
  let deepest = 0;
  for (const token of tokens) {
    if (token.type !== 'symbol') continue;
    if (token.text === '(' || token.text === '[' || token.text === '{') deepest = Math.max(deepest, ++depth);
    else if (token.text === ')' || token.text === ']' || token.text === '}') depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/**
 * The text checks of the read-only gateway: a fast first layer, run before the server is asked to
 * EXPLAIN a query. The text must fit the size cap, lex as Neo4j lexes it, and hold one statement
 * with no writes, no administration, no other database, no LOAD CSV, no batched transactions, and
 * only allowlisted procedures and function namespaces. A text that passes must still pass the plan
 * check (query type 'r', only allowlisted plan operators) before it runs. Linear in the text's length.
 */
export function checkCypherText(source: string, options: { readonly maxLength?: number } = {}): GuardVerdict {
  const maxLength = options.maxLength ?? MAX_QUERY_LENGTH;
  if (source.length > maxLength) {
    return refuse('too_large', guardMessage('too_large', { length: source.length, max: maxLength }));
  }
  const lexed = tokenizeCypher(source);
  if (!Array.isArray(lexed)) return refuse('syntax', guardMessage('syntax', { error: [lexed.error], at: lexed.offset + 1 }));
  const depth = nestingDepth(lexed);
  if (depth > MAX_NESTING) return refuse('too_large', guardMessage('too_deep', { depth, max: MAX_NESTING }));
  const statements = splitStatements(lexed);
  if (statements.length === 0) return refuse('empty', guardMessage('empty'));
  if (statements.length > 1) return refuse('multiple_statements', guardMessage('multiple_statements', { count: statements.length }));
  return checkStatement(statements[0] as CypherToken[]);
}
