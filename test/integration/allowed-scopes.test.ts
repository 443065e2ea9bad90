import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import type { PrincipalRecord } from '../../electron/corpus/corpus-model';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { defineQuery } from '../../electron/graph/built-in-query';
import { resolveAllowedScopes } from '../../electron/retrieval/allowed-scopes';
import type { NodeProps } from '../../electron/retrieval/candidate';
import { compileFilters } from '../../electron/retrieval/request-filters';
import { RunLog } from '../../electron/retrieval/retrieval-stages';
import { DEFAULT_ACCESS_POLICY } from '../../shared/acl/access-policy';
import { compileAclToCypher } from '../../shared/acl/compile-acl-to-cypher';
import { compileAclToPredicate } from '../../shared/acl/compile-acl-to-predicate';
import type { AllowedScopes, ContextRequest, ContextResponse } from '../../shared/context-contract';
import { Deadline } from '../../shared/deadline';
import { DEFAULT_SCHEMA_PROFILE as profile } from '../../shared/schema-profile';
import { useDemoGateway } from '../support/demo-graph';
import { referenceDocumentVisible } from '../support/reference-acl';
import { referenceScopeDocuments } from '../support/reference-scopes';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';

const server = inject('neo4j');
const plan = buildLoadPlan();
const predicate = compileAclToPredicate(DEFAULT_ACCESS_POLICY);

const documentIds = plan.documents.map((doc) => doc.document_id);
const uriFolders = [...new Set(plan.documents.map((doc) => doc.source_uri.slice(0, doc.source_uri.lastIndexOf('/') + 1)))];
const named = (label: string) => plan.entities.filter((e) => e.label === label).flatMap((e) => [e.id, e.properties.name ?? e.id]);
/** Values no document falls within, so a scope may cover nothing. */
const NOWHERE = 'no-such-scope-value';

const values = (pool: readonly string[]) =>
  fc.option(fc.uniqueArray(fc.constantFrom(...pool, NOWHERE), { minLength: 1, maxLength: 4 }), { nil: undefined });
const scopesArbitrary: fc.Arbitrary<AllowedScopes> = fc
  .record({
    document_ids: values(documentIds),
    source_uri_prefixes: values([
      ...uriFolders,
      ...documentIds.slice(0, 5).map((id) => plan.documents.find((d) => d.document_id === id)!.source_uri),
    ]),
    services: values(named('Service')),
    repositories: values(named('Repository')),
  })
  .map((record) => Object.fromEntries(Object.entries(record).filter(([, list]) => list !== undefined)) as AllowedScopes)
  .filter((scopes) => Object.keys(scopes).length > 0);

/** Every document's id, its properties, and the compiled access rule and scope condition as Cypher judges them. */
const judgeDocuments = (acl: string, scope: string) =>
  defineQuery(
    'test-allowed-scopes-judge',
    `MATCH (d:Document) RETURN d.document_id AS id, properties(d) AS props, ${acl} AS visible, ${scope} AS in_scope`,
  );

describe('allowed scopes narrow what the principal may see, never widen it (demo graph)', () => {
  const gateway = useDemoGateway(server);

  it('for random principals and scopes: Cypher and TypeScript compilations agree, equal the independent policy ∩ scopes, and are within the policy alone', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...plan.principals), scopesArbitrary, async (principal: PrincipalRecord, scopes) => {
        const deadline = Deadline.after(30_000);
        const resolved = await resolveAllowedScopes(scopes, profile, new RunLog(gateway()), deadline);
        const filters = compileFilters(undefined, profile, undefined, resolved);
        const acl = compileAclToCypher(DEFAULT_ACCESS_POLICY, principal, { document: 'd', chunk: 'c' });
        const { rows } = await gateway().read(
          judgeDocuments(acl.document, filters.cypher as string),
          { ...acl.params, ...filters.params },
          { deadline },
        );
        const byCypher = rows.filter((row) => row.visible === true && row.in_scope === true).map((row) => String(row.id));
        const byPolicy = new Set(rows.filter((row) => row.visible === true).map((row) => String(row.id)));
        const byTypeScript = rows
          .filter(
            (row) =>
              predicate.document(row.props as Record<string, unknown>, principal).visible &&
              filters.test(row.props as NodeProps),
          )
          .map((row) => String(row.id));
        const inScope = referenceScopeDocuments(plan, scopes);
        const reference = plan.documents
          .filter((doc) => referenceDocumentVisible(doc.acl, principal) && inScope.has(doc.document_id))
          .map((doc) => doc.document_id);
        expect(byCypher.sort()).toEqual(reference.sort());
        expect(byTypeScript.sort()).toEqual(reference);
        for (const id of byCypher) expect(byPolicy.has(id)).toBe(true);
        if (reference.length > 0) nonEmpty += 1;
      }),
      { numRuns: 40 },
    );
    // The property is not vacuous: most samples leave the principal some document in scope.
    expect(nonEmpty).toBeGreaterThan(10);
  }, 300_000);
});
