import fc from 'fast-check';
import neo4j, { type Driver } from 'neo4j-driver';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ALLOWED_PROCEDURES } from '../../shared/cypher/cypher-guard';
import { useDemoDriver, useDemoGateway } from '../support/demo-graph';
import { NEO4J_SPACES, NOT_NEO4J_SPACES } from '../support/cypher-spaces';

const server = inject('neo4j');

/** A piece of a generated query: a keyword (its case is mixed at random) or text kept as written. */
type Piece = { readonly keyword: string } | { readonly text: string };
const k = (keyword: string): Piece => ({ keyword });
const t = (text: string): Piece => ({ text });

/** Batching expressions, nested braces among them, for `CALL { } IN <expression> CONCURRENT TRANSACTIONS`. */
const BATCH_EXPRESSIONS = ['{a: 2}.a', '{a: {b: 1}}.a.b', '(1 + 1)', '2', '[1, 2][0] + 1'];

/** Queries the server would plan with an operator the workbench forbids, built from pieces. */
const FORBIDDEN: Record<string, (url: string) => fc.Arbitrary<Piece[]>> = {
  load_csv: (url) => fc.constant([k('LOAD'), k('CSV'), k('FROM'), t(`'${url}'`), k('AS'), t('row'), k('RETURN'), t('row')]),
  load_csv_in_subquery: (url) =>
    fc.constant([
      k('CALL'),
      t('{'),
      k('LOAD'),
      k('CSV'),
      k('FROM'),
      t(`'${url}'`),
      k('AS'),
      t('row'),
      k('RETURN'),
      t('row'),
      t('}'),
      k('RETURN'),
      t('row'),
    ]),
  procedure: () => fc.constant([k('CALL'), t('db.prepareForReplanning()')]),
  procedure_after_read: () =>
    fc.constant([
      k('CALL'),
      t('db.labels()'),
      k('YIELD'),
      t('label'),
      k('WITH'),
      t('label'),
      k('LIMIT'),
      t('1'),
      k('CALL'),
      t('db.prepareForReplanning()'),
      k('RETURN'),
      t('label'),
    ]),
  transactions: () =>
    fc
      .tuple(fc.constantFrom(...BATCH_EXPRESSIONS), fc.boolean())
      .map(([expression, concurrent]) => [
        k('UNWIND'),
        t('[1]'),
        k('AS'),
        t('i'),
        k('CALL'),
        t('(i)'),
        t('{'),
        k('RETURN'),
        t('i'),
        k('AS'),
        t('j'),
        t('}'),
        k('IN'),
        ...(concurrent ? [t(expression), k('CONCURRENT')] : []),
        k('TRANSACTIONS'),
        k('RETURN'),
        t('j'),
      ]),
  write: () =>
    fc.constantFrom(
      [k('MATCH'), t('(n)'), k('SET'), t('n.fuzz = 1')],
      [k('CREATE'), t('(:Fuzz)')],
      [k('MATCH'), t('(n)'), k('DETACH'), k('DELETE'), t('n')],
    ),
  admin: () =>
    fc.constantFrom(
      [k('SHOW'), k('TRANSACTIONS'), k('YIELD'), t('transactionId'), k('RETURN'), t('transactionId')],
      [k('SHOW'), k('SETTINGS'), k('YIELD'), t('name'), k('RETURN'), t('name')],
    ),
};

/** Reads the guard must let through when the server plans them as reads, nested braces among them. */
const READS: readonly Piece[][] = [
  [
    k('MATCH'),
    t('(d:Document)'),
    k('WHERE'),
    t("d.title CONTAINS 'x'"),
    k('RETURN'),
    t('{a: {b: {c: d.title}}}'),
    k('AS'),
    t('m'),
    k('LIMIT'),
    t('1'),
  ],
  [k('CALL'), t('db.labels()'), k('YIELD'), t('label'), k('RETURN'), t('label')],
  [
    k('MATCH'),
    t('(d:Document)'),
    k('CALL'),
    t('(d)'),
    t('{'),
    k('MATCH'),
    t('(d)<-[:PART_OF]-(c)'),
    k('RETURN'),
    t('count(c)'),
    k('AS'),
    t('n'),
    t('}'),
    k('RETURN'),
    t('n'),
  ],
  [k('UNWIND'), t('[1, 2]'), k('AS'), t('x'), k('RETURN'), t('x')],
];

/** One separator: Neo4j whitespace, a `//` comment ended by CR or LF, a block comment, or (rarely) a character Neo4j does not skip. */
const separator = (strict: boolean) =>
  fc
    .array(
      strict
        ? fc.oneof(fc.constantFrom(...NEO4J_SPACES), fc.constantFrom('// c\r', '// c\n', '/* c */', '/* // */', '//\r\n'))
        : fc.oneof(
            { weight: 40, arbitrary: fc.constantFrom(...NEO4J_SPACES) },
            { weight: 19, arbitrary: fc.constantFrom('// c\r', '// c\n', '/* c */', '/* ; */') },
            { weight: 1, arbitrary: fc.constantFrom(...NOT_NEO4J_SPACES) },
          ),
      { minLength: 1, maxLength: 3 },
    )
    .map((parts) => parts.join(''));

/** A keyword in random mixed case. */
const mixedCase = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) => [...word].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch.toLowerCase())).join(''));

/** Renders pieces with generated separators and casing, optionally behind a `CYPHER 5` prefix. */
function rendered(pieces: fc.Arbitrary<Piece[]>, strict: boolean): fc.Arbitrary<string> {
  return pieces.chain((list) =>
    fc
      .tuple(
        fc.tuple(...list.map((piece) => ('keyword' in piece ? mixedCase(piece.keyword) : fc.constant(piece.text)))),
        fc.array(separator(strict), { minLength: list.length, maxLength: list.length }),
        fc.boolean(),
      )
      .map(([words, separators, prefixed]) => (prefixed ? 'CYPHER 5 ' : '') + words.map((word, i) => `${word}${separators[i]}`).join('')),
  );
}

/** What the server itself plans for a text: its type and every operator, or null when it does not parse. */
async function serverPlan(driver: Driver, text: string): Promise<{ type: string; operators: { name: string; details: string }[] } | null> {
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const { summary } = await session.run(`EXPLAIN ${text}`);
    const operators: { name: string; details: string }[] = [];
    const walk = (plan: { operatorType: string; arguments: Record<string, unknown>; children: unknown[] }) => {
      operators.push({ name: plan.operatorType.split('@')[0] ?? '', details: String(plan.arguments.Details ?? '') });
      plan.children.forEach((child) => walk(child as typeof plan));
    };
    if (summary.plan) walk(summary.plan as unknown as Parameters<typeof walk>[0]);
    return { type: summary.queryType, operators };
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('Neo.ClientError.Statement')) return null;
    throw error;
  } finally {
    await session.close();
  }
}

/** Whether the server's plan does something the workbench forbids, judged here independently of the guard's own allowlist of operators. */
function forbiddenByPlan(plan: { type: string; operators: { name: string; details: string }[] }): boolean {
  if (plan.type !== 'r') return true;
  return plan.operators.some(({ name, details }) => {
    if (name === 'LoadCSV' || name === 'TransactionApply' || name === 'TransactionForeach' || name.startsWith('Show')) return true;
    return name === 'ProcedureCall' && !ALLOWED_PROCEDURES.has(details.slice(0, details.indexOf('(')).toLowerCase());
  });
}

describe('the guard agrees with the server on generated Cypher (comments, control and Unicode whitespace, nested braces, mixed case)', () => {
  const gateway = useDemoGateway(server);
  const driver = useDemoDriver(server);
  const tally = { generated: 0, unparsed: 0, forbidden: 0, refusedByText: 0, refusedByPlan: 0, reads: 0 };

  afterAll(() => {
    process.stderr.write(`[guard-fuzz] ${JSON.stringify(tally)}\n`);
  });

  /** The guard's verdict: a refusal rule, 'allowed', or 'error' when the server could not plan it (nothing runs either way). */
  async function guardVerdict(text: string): Promise<string> {
    try {
      const verdict = await gateway().explainUntrusted(text);
      return verdict.allowed ? 'allowed' : verdict.rule;
    } catch (error) {
      if ((error as { kind?: string }).kind === 'invalid_input') return 'error';
      throw error;
    }
  }

  it('allows no generated query the server plans with a forbidden operator, a forbidden procedure, batching or a write', async () => {
    const url = 'http://127.0.0.1:9/fuzz.csv';
    const forbidden = fc.oneof(...Object.values(FORBIDDEN).map((build) => rendered(build(url), false)));
    await fc.assert(
      fc.asyncProperty(forbidden, async (text) => {
        tally.generated += 1;
        const plan = await serverPlan(driver(), text);
        if (plan === null) {
          tally.unparsed += 1;
          return;
        }
        if (!forbiddenByPlan(plan)) return;
        tally.forbidden += 1;
        const verdict = await guardVerdict(text);
        expect({ text, verdict }).not.toEqual({ text, verdict: 'allowed' });
      }),
      { numRuns: 300 },
    );
    // Most generated texts must parse, or the property above would prove little.
    expect(tally.forbidden).toBeGreaterThan(tally.generated / 2);
  }, 240_000);

  it('allows every generated read the server plans as a plain read, whatever whitespace, comments and case it has', async () => {
    await fc.assert(
      fc.asyncProperty(rendered(fc.constantFrom(...READS), true), async (text) => {
        const plan = await serverPlan(driver(), text);
        expect(plan, text).not.toBeNull();
        if (plan === null || forbiddenByPlan(plan)) return;
        tally.reads += 1;
        expect({ text, verdict: await guardVerdict(text) }).toEqual({ text, verdict: 'allowed' });
      }),
      { numRuns: 150 },
    );
    expect(tally.reads).toBe(150);
  }, 240_000);

  it('refuses the forbidden generated queries in the text layer already, the plan check being the second line', async () => {
    const url = 'http://127.0.0.1:9/fuzz.csv';
    const samples = fc.sample(fc.oneof(...Object.values(FORBIDDEN).map((build) => rendered(build(url), true))), { numRuns: 100, seed: 8 });
    for (const text of samples) {
      const plan = await serverPlan(driver(), text);
      if (plan === null || !forbiddenByPlan(plan)) continue;
      const textOnly = await gateway()
        .explainUntrusted(text)
        .catch(() => null);
      const planOnly = await gateway().checkPlanned(text);
      if (textOnly && !textOnly.allowed && !('queryType' in textOnly)) tally.refusedByText += 1;
      if (!planOnly.allowed) tally.refusedByPlan += 1;
      expect({ text, plan: planOnly.allowed }).toEqual({ text, plan: false });
    }
    expect(tally.refusedByText).toBeGreaterThan(0);
    expect(tally.refusedByPlan).toBe(tally.refusedByText);
  }, 240_000);
});

describe('the lexer reads names as the server does', () => {
  const driver = useDemoDriver(server);
  const gateway = useDemoGateway(server);

  // Java counts these ASCII controls as ignorable parts of a name; the lexer's ASCII fast path once
  // ended a name at them. The server's column name shows how it read the alias.
  it.each(['0000', '0001', '0008', '000E', '001B', '007F'])(
    'reads an alias holding U+%s as one name, as the server does, and the guard allows it',
    async (code) => {
      const control = String.fromCharCode(Number.parseInt(code, 16));
      const alias = `a${control}b`;
      const session = driver().session({ defaultAccessMode: neo4j.session.READ });
      try {
        const result = await session.run(`RETURN 1 AS ${alias}`);
        expect(result.records[0]?.keys).toEqual([alias]);
      } finally {
        await session.close();
      }
      const verdict = await gateway().explainUntrusted(`RETURN 1 AS ${alias}`);
      expect(verdict.allowed).toBe(true);
    },
  );
});
