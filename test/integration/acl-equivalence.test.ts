import fc from 'fast-check';
import neo4j, { type Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { DEFAULT_ACCESS_POLICY, type AccessPolicy, type AclPrincipal } from '../../shared/acl/access-policy';
import { compileAclToCypher } from '../../shared/acl/compile-acl-to-cypher';
import { compileAclToPredicate } from '../../shared/acl/compile-acl-to-predicate';
import { caseBatch, principals, TEAM_POLICY, type AclCase, type Props } from '../support/acl-arbitraries';
import { ensureDemoGraph, fixtureDriver } from '../support/demo-graph';

const server = inject('neo4j');

const RUNS = 25;
const CASES_PER_RUN = 200;
const cases = caseBatch(CASES_PER_RUN);

interface Visibility {
  readonly id: string;
  readonly doc: unknown;
  readonly chunk: unknown;
  readonly entity: unknown;
}

/** Evaluates the compiled Cypher over map variables, in one read-only query: nothing is written. */
async function cypherVisibility(driver: Driver, policy: AccessPolicy, principal: AclPrincipal, batch: readonly AclCase[]): Promise<Visibility[]> {
  const acl = compileAclToCypher(policy, principal, { document: 'd', chunk: 'ch', entity: 'e' });
  const text = `UNWIND $cases AS c
WITH c.id AS id, c.doc AS d, c.chunk AS ch, c.entity AS e
RETURN id, ${acl.document} AS doc, ${acl.chunk} AS chunk, ${acl.entity} AS entity`;
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const result = await session.run(text, { ...acl.params, cases: batch });
    return result.records.map((record) => ({ id: record.get('id'), doc: record.get('doc'), chunk: record.get('chunk'), entity: record.get('entity') }));
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
  ])(`agree on every generated document, chunk and entity under %s (${RUNS} principals × ${CASES_PER_RUN} cases)`, async (_name, policy) => {
    let checked = 0;
    let visible = 0;
    let mismatch: { principal: AclPrincipal; input: AclCase | undefined; cypher: Visibility | undefined; typescript: Visibility | undefined } | undefined;
    // No shrinking: each step would be a query over a whole batch; the first disagreeing case is reported instead.
    const report = await fc.check(
      fc.asyncProperty(principals, cases, async (principal, batch) => {
        const fromCypher = await cypherVisibility(driver, policy, principal, batch);
        const fromPredicate = predicateVisibility(policy, principal, batch);
        const at = batch.findIndex((_c, index) => JSON.stringify(fromCypher[index]) !== JSON.stringify(fromPredicate[index]));
        if (at >= 0 || fromCypher.length !== batch.length) {
          mismatch = { principal, input: batch[at], cypher: fromCypher[at], typescript: fromPredicate[at] };
          return false;
        }
        checked += batch.length;
        visible += fromPredicate.filter((row) => row.doc).length;
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
  });

  it('follow the policy they are given: the team policy decides differently from the default on generated cases', () => {
    const sample = fc.sample(fc.tuple(principals, cases), { numRuns: 5, seed: 42 });
    const differences = sample.flatMap(([principal, batch]) => {
      const team = predicateVisibility(TEAM_POLICY, principal, batch);
      return predicateVisibility(DEFAULT_ACCESS_POLICY, principal, batch).filter((row, index) => JSON.stringify(row) !== JSON.stringify(team[index]));
    });
    expect(differences.length).toBeGreaterThan(0);
  });
});

describe('the compiled default policy on the demo graph', () => {
  let driver: Driver;

  beforeAll(async () => {
    await ensureDemoGraph(server);
    driver = fixtureDriver(server);
  });

  afterAll(async () => {
    await driver.close();
  });

  async function read(text: string, params: Record<string, unknown> = {}) {
    const session = driver.session({ defaultAccessMode: neo4j.session.READ });
    try {
      return (await session.run(text, params)).records.map((record) => record.toObject());
    } finally {
      await session.close();
    }
  }

  it('selects exactly the documents, chunks and entities the TypeScript predicate allows, for every demo principal', async () => {
    const documents = new Map((await read('MATCH (d:Document) RETURN d.document_id AS id, properties(d) AS props')).map((row) => [row.id as string, row.props as Props]));
    const chunks = await read('MATCH (c:Chunk)-[:PART_OF]->(d:Document) RETURN c.chunk_id AS id, d.document_id AS document, properties(c) AS props');
    const entities = await read('MATCH (e) WHERE e:Service OR e:API OR e:Repository OR e:Owner OR e:Incident RETURN elementId(e) AS id, properties(e) AS props');
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
        documents: [...documents].filter(([, props]) => ts.document(props, principal).visible).map(([id]) => id).sort(),
        chunks: chunks.filter((row) => ts.chunk(row.props as Props, documents.get(row.document as string) ?? {}, principal).visible).map((row) => row.id as string).sort(),
        entities: entities.filter((row) => ts.entity(row.props as Props, principal).visible).map((row) => row.id as string).sort(),
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
