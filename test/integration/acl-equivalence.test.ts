import fc from 'fast-check';
import neo4j, { type Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { toPlain } from '../../electron/graph/graph-values';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { DEFAULT_ACCESS_POLICY, type AccessPolicy, type AclPrincipal } from '../../shared/acl/access-policy';
import { compileAclToCypher } from '../../shared/acl/compile-acl-to-cypher';
import { compileAclToPredicate } from '../../shared/acl/compile-acl-to-predicate';
import {
  caseBatch,
  policyScenarios,
  principals,
  PROTOTYPE_POLICY,
  TEAM_POLICY,
  type AclCase,
  type Props,
} from '../support/acl-arbitraries';
import { fixtureDriver, useDemoDriver } from '../support/demo-graph';

const server = inject('neo4j');

const RUNS = 25;
const CASES_PER_RUN = 200;
const cases = caseBatch(CASES_PER_RUN);
/** The server plans each generated policy's text anew (seconds each), so each policy is tried on several principals. */
const POLICY_RUNS = 20;
const PRINCIPALS_PER_POLICY = 4;
const GENERATED_CASES = 100;

interface Visibility {
  readonly id: string;
  readonly doc: unknown;
  readonly chunk: unknown;
  readonly entity: unknown;
}

/** The Cypher verdicts, and the cases' properties as the server hands them back through the gateway's value mapping. */
interface FromServer {
  readonly verdicts: Visibility[];
  readonly returned: AclCase[];
}

/** Evaluates the compiled Cypher over map variables, in one read-only query: nothing is written. */
async function cypherVisibility(
  driver: Driver,
  policy: AccessPolicy,
  principal: AclPrincipal,
  batch: readonly AclCase[],
): Promise<FromServer> {
  const acl = compileAclToCypher(policy, principal, { document: 'd', chunk: 'ch', entity: 'e' });
  const text = `UNWIND $cases AS c
WITH c.id AS id, c.doc AS d, c.chunk AS ch, c.entity AS e
RETURN id, ${acl.document} AS doc, ${acl.chunk} AS chunk, ${acl.entity} AS entity, d AS doc_props, ch AS chunk_props, e AS entity_props`;
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const result = await session.run(text, { ...acl.params, cases: batch });
    return {
      verdicts: result.records.map((record) => ({
        id: record.get('id'),
        doc: record.get('doc'),
        chunk: record.get('chunk'),
        entity: record.get('entity'),
      })),
      // What the app's checks see: rows pass through toPlain in the read gateway.
      returned: result.records.map((record) => ({
        id: record.get('id'),
        doc: toPlain(record.get('doc_props')) as Props,
        chunk: toPlain(record.get('chunk_props')) as Props,
        entity: toPlain(record.get('entity_props')) as Props,
      })),
    };
  } finally {
    await session.close();
  }
}

function predicateVisibility(policy: AccessPolicy, principal: AclPrincipal, batch: readonly AclCase[]): Visibility[] {
  const acl = compileAclToPredicate(policy);
  return batch.map((c) => ({
    id: c.id,
    doc: acl.document(c.doc, principal).visible,
    chunk: acl.chunk(c.chunk, c.doc, principal).visible,
    entity: acl.entity(c.entity, principal).visible,
  }));
}

interface Mismatch {
  readonly principal: AclPrincipal;
  readonly input: AclCase | undefined;
  readonly cypher: Visibility | undefined;
  readonly typescript: Visibility | undefined;
  readonly typescriptOnReturned: Visibility | undefined;
}

/** Compares Cypher with the TypeScript predicate on the generated cases and on the same cases read back from the server. */
async function compare(
  driver: Driver,
  policy: AccessPolicy,
  principal: AclPrincipal,
  batch: readonly AclCase[],
): Promise<{ mismatch?: Mismatch; visible: number }> {
  const server = await cypherVisibility(driver, policy, principal, batch);
  const fromPredicate = predicateVisibility(policy, principal, batch);
  const fromReturned = predicateVisibility(policy, principal, server.returned);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const at = batch.findIndex(
    (_c, index) => !same(server.verdicts[index], fromPredicate[index]) || !same(server.verdicts[index], fromReturned[index]),
  );
  if (at >= 0 || server.verdicts.length !== batch.length) {
    return {
      mismatch: {
        principal,
        input: batch[at],
        cypher: server.verdicts[at],
        typescript: fromPredicate[at],
        typescriptOnReturned: fromReturned[at],
      },
      visible: 0,
    };
  }
  return { visible: fromPredicate.filter((row) => row.doc).length };
}

describe('the Cypher and TypeScript compilations of an access policy', () => {
  let driver: Driver;

  beforeAll(() => {
    driver = fixtureDriver(server);
  });

  afterAll(async () => {
    await driver.close();
  });

  it.each([
    ['the default policy', DEFAULT_ACCESS_POLICY],
    ['a team policy', TEAM_POLICY],
    ['a policy over Object.prototype names', PROTOTYPE_POLICY],
  ])(
    `agree on every generated document, chunk and entity under %s (${RUNS} principals × ${CASES_PER_RUN} cases)`,
    async (_name, policy) => {
      let checked = 0;
      let visible = 0;
      let mismatch: Mismatch | undefined;
      // No shrinking: each step would be a query over a whole batch; the first disagreeing case is reported instead.
      const report = await fc.check(
        fc.asyncProperty(principals, cases, async (principal, batch) => {
          const result = await compare(driver, policy, principal, batch);
          mismatch = result.mismatch;
          if (mismatch) return false;
          checked += batch.length;
          visible += result.visible;
          return true;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      expect(mismatch, `seed ${report.seed}`).toBeUndefined();
      expect(report.failed ? String(report.errorInstance) : 'passed').toBe('passed');
      expect(checked).toBe(RUNS * CASES_PER_RUN);
      // Neither side may pass by answering the same thing for everything.
      expect(visible).toBeGreaterThan(0);
      expect(visible).toBeLessThan(checked);
    },
  );

  it(`agree on generated policies over ordinary and Object.prototype property names (${POLICY_RUNS} policies × ${PRINCIPALS_PER_POLICY} principals × ${GENERATED_CASES} cases)`, async () => {
    let visible = 0;
    let mismatch: (Mismatch & { policy: AccessPolicy }) | undefined;
    const report = await fc.check(
      fc.asyncProperty(policyScenarios(PRINCIPALS_PER_POLICY, GENERATED_CASES), async ({ policy, tries }) => {
        for (const [principal, batch] of tries) {
          const result = await compare(driver, policy, principal, batch);
          if (result.mismatch) {
            mismatch = { ...result.mismatch, policy };
            return false;
          }
          visible += result.visible;
        }
        return true;
      }),
      { numRuns: POLICY_RUNS, endOnFailure: true },
    );
    // Serialised in full: a generated policy nests deeper than the default diff shows.
    expect(mismatch ? JSON.stringify(mismatch) : 'agree', `seed ${report.seed}`).toBe('agree');
    expect(report.failed ? String(report.errorInstance) : 'passed').toBe('passed');
    expect(visible).toBeGreaterThan(0);
    expect(visible).toBeLessThan(POLICY_RUNS * PRINCIPALS_PER_POLICY * GENERATED_CASES);
  }, 300_000);

  it('follow the policy they are given: the team policy decides differently from the default on generated cases', () => {
    const sample = fc.sample(fc.tuple(principals, cases), { numRuns: 5, seed: 42 });
    const differences = sample.flatMap(([principal, batch]) => {
      const team = predicateVisibility(TEAM_POLICY, principal, batch);
      return predicateVisibility(DEFAULT_ACCESS_POLICY, principal, batch).filter(
        (row, index) => JSON.stringify(row) !== JSON.stringify(team[index]),
      );
    });
    expect(differences.length).toBeGreaterThan(0);
  });
});

describe('the compiled default policy on the demo graph', () => {
  const driver = useDemoDriver(server);

  async function read(text: string, params: Record<string, unknown> = {}) {
    const session = driver().session({ defaultAccessMode: neo4j.session.READ });
    try {
      return (await session.run(text, params)).records.map((record) => record.toObject());
    } finally {
      await session.close();
    }
  }

  it('selects exactly the documents, chunks and entities the TypeScript predicate allows, for every demo principal', async () => {
    const documents = new Map(
      (await read('MATCH (d:Document) RETURN d.document_id AS id, properties(d) AS props')).map((row) => [
        row.id as string,
        row.props as Props,
      ]),
    );
    const chunks = await read(
      'MATCH (c:Chunk)-[:PART_OF]->(d:Document) RETURN c.chunk_id AS id, d.document_id AS document, properties(c) AS props',
    );
    const entities = await read(
      'MATCH (e) WHERE e:Service OR e:API OR e:Repository OR e:Owner OR e:Incident RETURN elementId(e) AS id, properties(e) AS props',
    );
    const ts = compileAclToPredicate(DEFAULT_ACCESS_POLICY);
    const demoPrincipals = buildLoadPlan().principals;
    expect(demoPrincipals.length).toBeGreaterThanOrEqual(6);
    let visibleChunks = 0;

    for (const principal of demoPrincipals) {
      const acl = compileAclToCypher(DEFAULT_ACCESS_POLICY, principal, { document: 'd', chunk: 'c', entity: 'e' });
      const [fromCypher] = await read(
        `CALL { MATCH (d:Document) WHERE ${acl.document} RETURN collect(d.document_id) AS documents }
         CALL { MATCH (c:Chunk)-[:PART_OF]->(d:Document) WHERE ${acl.chunk} RETURN collect(c.chunk_id) AS chunks }
         CALL { MATCH (e) WHERE (e:Service OR e:API OR e:Repository OR e:Owner OR e:Incident) AND ${acl.entity} RETURN collect(elementId(e)) AS entities }
         RETURN documents, chunks, entities`,
        acl.params,
      );
      const expected = {
        documents: [...documents]
          .filter(([, props]) => ts.document(props, principal).visible)
          .map(([id]) => id)
          .sort(),
        chunks: chunks
          .filter((row) => ts.chunk(row.props as Props, documents.get(row.document as string) ?? {}, principal).visible)
          .map((row) => row.id as string)
          .sort(),
        entities: entities
          .filter((row) => ts.entity(row.props as Props, principal).visible)
          .map((row) => row.id as string)
          .sort(),
      };
      const actual = {
        documents: (fromCypher?.documents as string[]).slice().sort(),
        chunks: (fromCypher?.chunks as string[]).slice().sort(),
        entities: (fromCypher?.entities as string[]).slice().sort(),
      };
      expect(actual, principal.principal_id).toEqual(expected);
      expect(expected.documents.length, `${principal.principal_id} sees some documents`).toBeGreaterThan(0);
      expect(expected.documents.length, `${principal.principal_id} does not see everything`).toBeLessThan(documents.size);
      visibleChunks += expected.chunks.length;
    }
    expect(visibleChunks).toBeLessThan(chunks.length * demoPrincipals.length);
    expect(entities.length).toBeGreaterThan(0);
  });
});
