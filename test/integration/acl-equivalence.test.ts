import fc from 'fast-check';
import neo4j, { type Driver } from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildLoadPlan } from '../../resources/demo-loader/demo-loader';
import { DEFAULT_ACCESS_POLICY, parseAccessPolicy, type AccessPolicy, type AclPrincipal } from '../../shared/acl/access-policy';
import { compileAclToCypher } from '../../shared/acl/compile-acl-to-cypher';
import { compileAclToPredicate } from '../../shared/acl/compile-acl-to-predicate';
import { ensureDemoGraph, fixtureDriver } from '../support/demo-graph';

const server = inject('neo4j');

const RUNS = 25;
const CASES_PER_RUN = 200;

const WORKSPACES = ['ws-a', 'ws-b', "ws-'q"];
const PRINCIPAL_IDS = ['u-1', 'u-2', "u-o'brien"];
const GROUPS = ['g-eng', 'g-hr', 'g-데이터', "g-'q", 'g-`b'];
const PARTITIONS = ['general', 'eng', 'hr'];

/** A team's own rule: 'internal' means any group member, plus a classification requirement and stricter chunks and entities. */
const TEAM_POLICY: AccessPolicy = parseAccessPolicy({
  document: {
    all_of: [
      { op: 'equals_principal', property: 'workspace_id', principal_field: 'workspace_id', reason: 'workspace' },
      {
        any_of: [
          { op: 'in_values', property: 'classification', values: ['general', 'confidential'] },
          { op: 'equals_principal', property: 'owner_id', principal_field: 'principal_id' },
        ],
        reason: 'classification',
      },
    ],
    any_of: [
      { op: 'equals_value', property: 'visibility', value: 'public' },
      { all_of: [{ op: 'equals_value', property: 'visibility', value: 'internal' }, { op: 'principal_has_any', principal_field: 'groups' }] },
      { op: 'intersects_principal', property: 'allowed_groups', principal_field: 'groups' },
      { op: 'in_principal', property: 'team', principal_field: 'groups' },
    ],
    any_of_reason: 'not_internal',
  },
  chunk: {
    all_of: [{ op: 'in_principal', property: 'acl_partition', principal_field: 'acl_partitions', reason: 'partition' }],
    any_of: [
      { op: 'in_principal_when_both_set', property: 'region', principal_field: 'groups' },
      { op: 'equals_principal', property: 'author', principal_field: 'principal_id' },
    ],
  },
  entity: {
    acl_properties: ['classification', 'team'],
    rule: {
      all_of: [{ op: 'in_values', property: 'classification', values: ['general'] }],
      any_of: [{ op: 'intersects_principal', property: 'team', principal_field: 'groups' }, { op: 'equals_value', property: 'visibility', value: 'public' }],
    },
  },
});

type Props = Record<string, unknown>;
interface AclCase {
  readonly id: string;
  readonly doc: Props;
  readonly chunk: Props;
  readonly entity: Props;
}
interface Visibility {
  readonly id: string;
  readonly doc: unknown;
  readonly chunk: unknown;
  readonly entity: unknown;
}

/** A list-valued ACL property as real graphs hold them: lists with duplicates, empty, null, a lone string, junk elements. */
const groupList = fc.oneof(
  fc.array(fc.constantFrom(...GROUPS), { maxLength: 4 }),
  fc.constant(null),
  fc.constant([]),
  fc.constantFrom(...GROUPS, 'g-eng,g-hr', 'G-ENG'),
  fc.array(fc.oneof(fc.constantFrom(...GROUPS), fc.constant(null), fc.integer({ min: -3, max: 3 }), fc.boolean()), { maxLength: 4 }),
);
const scalarish = <T>(...values: T[]) => fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: fc.constantFrom<unknown>(null, '', 7, true, values.slice(0, 1)) });

const docProps = fc.record(
  {
    workspace_id: scalarish(...WORKSPACES, 'WS-A'),
    visibility: fc.constantFrom('public', 'restricted', 'private', 'PUBLIC', '', null, 'internal'),
    owner_id: scalarish(...PRINCIPAL_IDS),
    allowed_groups: groupList,
    classification: fc.constantFrom('general', 'confidential', 'secret', 'GENERAL', null),
    team: scalarish(...GROUPS),
  },
  { requiredKeys: [] },
);
const chunkProps = fc.record(
  {
    acl_partition: scalarish(...PARTITIONS, 'ENG'),
    region: scalarish(...GROUPS),
    author: scalarish(...PRINCIPAL_IDS),
  },
  { requiredKeys: [] },
);
const entityProps = fc.record(
  {
    service_id: fc.constant('svc-x'),
    owner_id: scalarish(...PRINCIPAL_IDS),
    workspace_id: scalarish(...WORKSPACES),
    visibility: fc.constantFrom('public', 'private', 'internal', null),
    allowed_groups: groupList,
    classification: fc.constantFrom('general', 'secret', null),
    team: groupList,
  },
  { requiredKeys: [] },
);
const cases: fc.Arbitrary<AclCase[]> = fc
  .array(fc.record({ doc: docProps, chunk: chunkProps, entity: entityProps }), { minLength: CASES_PER_RUN, maxLength: CASES_PER_RUN })
  .map((rows) => rows.map((row, index) => ({ id: `case-${index}`, ...row })));
const principals: fc.Arbitrary<AclPrincipal> = fc.record({
  principal_id: fc.constantFrom(...PRINCIPAL_IDS),
  workspace_id: fc.constantFrom(...WORKSPACES),
  groups: fc.array(fc.constantFrom(...GROUPS), { maxLength: 3 }),
  acl_partitions: fc.array(fc.constantFrom(...PARTITIONS), { maxLength: 3 }),
});

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
