import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PrincipalRecord } from '../../electron/corpus/corpus-model';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { defineQuery } from '../../electron/graph/built-in-query';
import { runProviderRequest } from '../../electron/provider/provider-run';
import { resolveAllowedScopes } from '../../electron/retrieval/allowed-scopes';
import type { NodeProps } from '../../electron/retrieval/candidate';
import { compileFilters } from '../../electron/retrieval/request-filters';
import { RunLog } from '../../electron/retrieval/retrieval-stages';
import { DEFAULT_ACCESS_POLICY } from '../../shared/acl/access-policy';
import { compileAclToCypher } from '../../shared/acl/compile-acl-to-cypher';
import { compileAclToPredicate } from '../../shared/acl/compile-acl-to-predicate';
import type { QueryRunResult } from '../../shared/api/lens-api';
import { ContextResponse, type AllowedScopes, type ContextRequest } from '../../shared/context-contract';
import type { RunRecord } from '../../shared/trace-record';
import { Deadline } from '../../shared/deadline';
import { DEFAULT_SCHEMA_PROFILE as profile } from '../../shared/schema-profile';
import { ensureDemoGraph, useDemoGateway } from '../support/demo-graph';
import { useDemoHubDoor } from '../support/demo-hub-door';
import { referenceDocumentVisible } from '../support/reference-acl';
import { referenceScopeDocuments } from '../support/reference-scopes';
import { ask, useDemoRetrievalDeps } from '../support/retrieval-deps';
import { runLens } from '../support/run-lens';
import { startTestProvider, type TestProvider } from '../support/test-provider';

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
            (row) => predicate.document(row.props as Record<string, unknown>, principal).visible && filters.test(row.props as NodeProps),
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

/** A principal of the payments and platform groups, who sees the documents the scopes below name. */
const PRINCIPAL = plan.principals.find((p) => p.principal_id === 'u-dohyun') as PrincipalRecord;
const RUNBOOK = plan.documents.find((doc) => doc.document_id === 'runbook-payments-db-failover')!;
/** One scope of each kind, each covering documents a payments-failover question finds, and leaving others out. */
const SCOPES_BY_KIND: Record<string, AllowedScopes> = {
  document_ids: { document_ids: ['runbook-payments-db-failover', 'adr-010-postgres-ha-patroni'] },
  source_uri_prefixes: { source_uri_prefixes: [RUNBOOK.source_uri.slice(0, RUNBOOK.source_uri.lastIndexOf('/') + 1)] },
  services: { services: ['payments-gateway'] },
  repositories: { repositories: ['repo-payments-gateway'] },
};
const MODES: { mode: ContextRequest['mode']; query: string; options?: Record<string, unknown> }[] = [
  { mode: 'vector', query: 'payments database failover' },
  { mode: 'fulltext', query: 'payments database failover' },
  { mode: 'hybrid', query: 'payments database failover' },
  { mode: 'graph', query: 'payments database failover' },
  { mode: 'cypher', query: 'failover', options: { template_id: 'chunks-containing' } },
];
const visibleToPrincipal = new Set(
  plan.documents.filter((doc) => referenceDocumentVisible(doc.acl, PRINCIPAL)).map((doc) => doc.document_id),
);

describe('every mode draws only from the allowed scopes, counting what they withhold as filter', () => {
  const deps = useDemoRetrievalDeps(server);
  for (const { mode, query, options } of MODES) {
    it(`${mode}: each scope kind keeps every item within scope and visible, counts the scope as filter (never access), and narrows the unscoped answer`, async () => {
      const request = (extra: Partial<ContextRequest> = {}) => ({
        query,
        principal: PRINCIPAL.principal_id,
        mode,
        top_k: 10,
        options: { ...options, min_similarity: 0, min_matched_terms: 0 },
        ...extra,
      });
      const plain: ContextResponse = (await ask(deps(), request())).response;
      let narrowed = 0;
      for (const [kind, scopes] of Object.entries(SCOPES_BY_KIND)) {
        const inScope = referenceScopeDocuments(plan, scopes);
        const { response } = await ask(deps(), request({ allowed_scopes: scopes }));
        expect(response.outcome, `${kind}: ${response.message}`).toBe('ok');
        for (const item of response.items) {
          expect(inScope.has(item.document_id), `${kind}: ${item.document_id}`).toBe(true);
          expect(visibleToPrincipal.has(item.document_id)).toBe(true);
        }
        expect(response.denied).toContainEqual(expect.objectContaining({ stage: 'whole_graph', kind: 'filter', reason: 'allowed_scopes' }));
        for (const entry of response.denied.filter((e) => e.kind === 'access')) expect(entry.reason).not.toMatch(/allowed_scopes/);
        expect(response.notes).toEqual([]);
        if (plain.items.some((item) => !inScope.has(item.document_id))) narrowed += 1;
      }
      expect(narrowed, 'the unscoped answer holds documents outside some scope').toBeGreaterThan(0);
    }, 240_000);
  }

  it('says a scope value that covers no document matches nothing, and counts no access denial for it', async () => {
    const scopes = { services: ['no-such-service', 'payments-gateway'], document_ids: ['no-such-document'] };
    const { response } = await ask(deps(), {
      query: 'payments database failover',
      principal: PRINCIPAL.principal_id,
      mode: 'hybrid',
      allowed_scopes: scopes,
    });
    expect(response.notes).toEqual([
      {
        code: 'filter_matches_nothing',
        filter: 'allowed_scopes',
        values: ['document_ids: no-such-document', 'services: no-such-service'],
        present: [],
      },
    ]);
    for (const entry of response.denied.filter((e) => e.kind === 'access')) expect(entry.reason).not.toMatch(/allowed_scopes/);
  }, 120_000);
});

describe('scope notes tell a principal nothing of documents it may not see', () => {
  const deps = useDemoRetrievalDeps(server);

  it('notes a scope naming only documents u-partner may not see exactly as one naming none, and not one it may see', async () => {
    const noteOf = async (scopes: Record<string, string[]>) =>
      (await ask(deps(), { query: 'integration api', principal: 'u-partner', mode: 'fulltext', allowed_scopes: scopes })).response.notes;
    // An HR policy of the other workspace, by id and by the prefix of its source URI, and ids that do not exist.
    const forbidden = await noteOf({
      document_ids: ['policy-hr-salary-adjustment'],
      source_uri_prefixes: ['https://people.nurion.example/policies/sal'],
    });
    const absent = await noteOf({
      document_ids: ['no-such-document'],
      source_uri_prefixes: ['https://people.nurion.example/policies/xyz'],
    });
    expect(forbidden.map((note) => note.values.map((value) => value.split(': ')[0]))).toEqual(
      absent.map((note) => note.values.map((value) => value.split(': ')[0])),
    );
    expect(forbidden).toEqual([
      expect.objectContaining({
        values: ['document_ids: policy-hr-salary-adjustment', 'source_uri_prefixes: https://people.nurion.example/policies/sal'],
      }),
    ]);
    // As the HR principal, who may see it, the same scope is no note.
    const hana = await ask(deps(), {
      query: 'salary',
      principal: 'u-hana',
      mode: 'fulltext',
      allowed_scopes: { document_ids: ['policy-hr-salary-adjustment'] },
    });
    expect(hana.response.notes).toEqual([]);
  }, 120_000);
});

describe('allowed_scopes at the query.run door', () => {
  const { value } = useDemoHubDoor(server, 'lens-scopes-');

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      'an unknown scope kind',
      { teams: ['payments'] },
      /scope kind teams is not supported.*Accepted scope kinds: document_ids, source_uri_prefixes, services, repositories/,
    ],
    ['an unreadable scope value', { services: 'payments-gateway' }, /scope services cannot be read.*Accepted scope kinds/],
  ])('answers %s with unsupported_filter and records the run with that outcome', async (_what, scopes, message) => {
    const result = await value<QueryRunResult>('query.run', {
      request: { query: 'payments failover', principal: 'u-sora', allowed_scopes: scopes },
    });
    expect(result.response).toMatchObject({ outcome: 'unsupported_filter', items: [], message: expect.stringMatching(message) });
    const recorded = await value<RunRecord>('traces.get', { trace_id: result.response.trace_id });
    expect(recorded).toMatchObject({ outcome: 'unsupported_filter', request: expect.objectContaining({ allowed_scopes: scopes }) });
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an empty scope object', {}, /allowed_scopes: is empty.*leave allowed_scopes out to draw from everything the principal may see/],
    ['an empty scope list', { services: [] }, /allowed_scopes\.services: is an empty list.*leave allowed_scopes out/],
  ])('answers %s with invalid_request saying what to do', async (_what, scopes, message) => {
    const result = await value<QueryRunResult>('query.run', {
      request: { query: 'payments failover', principal: 'u-sora', allowed_scopes: scopes },
    });
    expect(result.response).toMatchObject({ outcome: 'invalid_request', items: [], message: expect.stringMatching(message) });
  });
});

describe('lens query --scope-* and --scopes through the bundled CLI', () => {
  let env: Record<string, string>;
  beforeAll(async () => {
    await ensureDemoGraph(server);
    env = {
      LENS_HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'lens-scopes-cli-')),
      NEO4J_URI: server.uri,
      NEO4J_USER: server.user,
      NEO4J_PASSWORD: server.password,
    };
  }, 300_000);
  afterAll(() => fs.rmSync(env.LENS_HOME as string, { recursive: true, force: true }));

  it('answers within the scopes the flags name, and exits 12 for an unknown kind in --scopes', async () => {
    const scoped = await runLens(
      [
        'query',
        'payments database failover',
        '--as',
        'u-dohyun',
        '--scope-repository',
        'nurion/payments-gateway',
        '--scope-document',
        'adr-010-postgres-ha-patroni',
        '--timeout-ms',
        '120000',
        '--json',
      ],
      env,
      240_000,
    );
    expect(scoped.code, scoped.stderr).toBe(0);
    const response = ContextResponse.parse(JSON.parse(scoped.stdout));
    const inScope = referenceScopeDocuments(plan, {
      repositories: ['nurion/payments-gateway'],
      document_ids: ['adr-010-postgres-ha-patroni'],
    });
    expect(response.items.length).toBeGreaterThan(0);
    for (const item of response.items) expect(inScope.has(item.document_id), item.document_id).toBe(true);
    const unknown = await runLens(
      ['query', 'payments failover', '--as', 'u-sora', '--scopes', '{"teams":["payments"]}', '--timeout-ms', '120000'],
      env,
      240_000,
    );
    expect(unknown.code, unknown.stderr).toBe(12);
    expect(unknown.stdout).toMatch(/UNSUPPORTED_FILTER.*\n.*scope kind teams is not supported/);
  }, 600_000);
});

describe('mode provider: the scopes go to the endpoint, and its audit flags items outside them', () => {
  const deps = useDemoRetrievalDeps(server);
  const scopes = { document_ids: ['adr-010-postgres-ha-patroni'] };
  const inScope = referenceScopeDocuments(plan, scopes);
  let provider: TestProvider | undefined;
  afterEach(async () => {
    await provider?.close();
    provider = undefined;
  });
  const askProvider = (url: string) =>
    runProviderRequest(
      {
        query: 'payments database failover',
        principal: PRINCIPAL.principal_id,
        mode: 'provider',
        timeout_ms: 60_000,
        allowed_scopes: scopes,
      },
      { url },
      deps(),
    );

  it('sends allowed_scopes in the request, and a provider that honours them has no violation', async () => {
    provider = await startTestProvider(deps(), 'none');
    const { response } = await askProvider(provider.url);
    expect(provider.received[0]?.body).toMatchObject({ allowed_scopes: scopes });
    expect(response.items.length).toBeGreaterThan(0);
    expect(response.audit?.violations).toEqual([]);
  }, 120_000);

  it('flags every item outside the scopes as outside_scope, never as an access violation', async () => {
    provider = await startTestProvider(deps(), 'ignores_scopes');
    const { response } = await askProvider(provider.url);
    const outside = response.items.filter((item) => !inScope.has(item.document_id)).map((item) => item.document_id);
    expect(outside.length, 'the provider that ignores scopes returns something outside them').toBeGreaterThan(0);
    const flagged = (response.audit?.violations ?? []).filter((v) => v.kind === 'outside_scope').map((v) => v.item?.document_id);
    expect(flagged.sort()).toEqual(outside.sort());
    expect(response.outcome).toBe('ok');
  }, 120_000);
});
