import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiEnvelope, ProviderState, QueryRunResult } from '../../shared/api/lens-api';
import type { ContextResponse } from '../../shared/context-contract';
import type { ProviderAudit, ProviderViolation } from '../../shared/provider/provider-audit';
import { dispatch } from '../../electron/api/api-dispatch';
import { createLensHandlers } from '../../electron/api/lens-handlers';
import { providerEndpointFromEnv } from '../../electron/provider/provider-endpoint-source';
import { runProviderRequest } from '../../electron/provider/provider-run';
import { ServiceHub } from '../../electron/services/service-hub';
import { ensureDemoGraph } from '../support/demo-graph';
import { freePort } from '../support/free-port';
import { runLens } from '../support/run-lens';
import { useDemoRetrievalDeps } from '../support/retrieval-deps';
import { startTestProvider, type ProviderFault, type TestProvider } from '../support/test-provider';

const server = inject('neo4j');
const TOKEN = 'tok-provider-5f1c9e-never-recorded';
const HR_QUERY = '연봉 조정 정책 salary adjustment performance review';
const ADR_QUERY = 'repmgr manual promotion payments database postgres high availability';

const auditOf = (response: ContextResponse): ProviderAudit => {
  if (!response.audit) throw new Error('the response carries no audit');
  return response.audit;
};
const kinds = (violations: readonly ProviderViolation[]) => [...new Set(violations.map((entry) => entry.kind))].sort();

describe('mode provider: a team’s endpoint called and every item audited against the demo graph', () => {
  const deps = useDemoRetrievalDeps(server);
  let provider: TestProvider | undefined;
  const start = async (fault: ProviderFault, options: { asPrincipal?: string; leakQuery?: string; successor?: string } = {}) => {
    provider = await startTestProvider(deps(), fault, options);
    return provider;
  };
  const ask = async (url: string, request: Record<string, unknown>) =>
    runProviderRequest({ mode: 'provider', timeout_ms: 60_000, max_tokens: 100_000, ...request }, { url, token: TOKEN }, deps());

  afterEach(async () => {
    await provider?.close();
    provider = undefined;
  });

  it(
    'passes a clean provider with zero violations, sends the bearer token and the resolved principal, and records both stages',
    { timeout: 120_000 },
    async () => {
      const { url, received } = await start('none');
      const { response, run } = await ask(url, { query: 'payments database failover', principal: 'u-sora', top_k: 5 });
      expect([response.outcome, response.message]).toEqual(['ok', undefined]);
      expect(response.items.length).toBeGreaterThan(0);
      const audit = auditOf(response);
      expect(audit).toMatchObject({ audited: true, failure: null, http_status: 200, provider_outcome: 'ok', violations: [] });
      expect(audit.items_checked).toBe(response.items.length);
      expect(audit.nodes_checked).toBeGreaterThan(response.items.length);
      expect(response.stages.map((stage) => stage.name)).toEqual(['provider_call', 'provider_audit']);
      expect(run.queries.filter((query) => query.stage === 'provider_audit').length).toBeGreaterThan(0);
      expect(run.mode).toBe('provider');
      expect(response.items.every((item) => (item.access?.because.length ?? 0) > 0)).toBe(true);
      expect(received).toHaveLength(1);
      expect(received[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(received[0]?.body).toMatchObject({
        query: 'payments database failover',
        principal: { principal_id: 'u-sora' },
        trace_id: response.trace_id,
      });
      expect(received[0]?.body).not.toHaveProperty('mode');
    },
  );

  it('keeps the token out of the recorded run: not in the response, the record, nor the SQLite file', { timeout: 120_000 }, async () => {
    const { url } = await start('server_error');
    const failed = await ask(url, { query: 'payments database failover', principal: 'u-sora' });
    const clean = await (async () => {
      await provider?.close();
      const { url: cleanUrl } = await start('none');
      return ask(cleanUrl, { query: 'payments database failover', principal: 'u-sora' });
    })();
    const store = deps().store;
    for (const result of [failed, clean]) {
      store.recordRun(result.run);
      expect(JSON.stringify(result)).not.toContain(TOKEN);
      expect(JSON.stringify(store.getRun(result.run.trace_id))).not.toContain(TOKEN);
    }
    const folder = path.dirname(store.file);
    for (const file of fs.readdirSync(folder)) expect(fs.readFileSync(path.join(folder, file)).includes(TOKEN), file).toBe(false);
  });

  it('catches a forbidden document as acl_violation, naming the node and the clause it failed', { timeout: 120_000 }, async () => {
    const { url } = await start('forbidden_document', { asPrincipal: 'u-hana' });
    const { response } = await ask(url, { query: HR_QUERY, principal: 'u-guest', top_k: 10 });
    expect(response.outcome).toBe('acl_violation');
    expect(response.failed_stage).toBe('provider_audit');
    expect(response.answerable).toBe(false);
    const violations = auditOf(response).violations;
    expect(kinds(violations)).toEqual(['access_denied']);
    const hrDocuments = violations.filter((entry) => entry.item?.document_id.startsWith('policy-hr-'));
    expect(hrDocuments.length).toBeGreaterThan(0);
    for (const entry of violations) {
      expect(entry.evidence.access).toMatchObject({ state: 'denied', rule: expect.any(String) });
      expect(entry.evidence.access?.state === 'denied' && entry.evidence.access.failed.length).toBeGreaterThan(0);
    }
    expect(response.message).toMatch(/u-guest may not see/);
    // The provider's claim of why each item is allowed (for u-hana) is replaced by the audit's: none for a denied item.
    const denied = new Set(violations.map((entry) => entry.item?.rank));
    response.items.forEach((item, index) => expect(item.access === undefined, item.document_id).toBe(denied.has(index + 1)));
  });

  it(
    'answers a provider that drops source_uri with invalid_response naming the field, never an empty result',
    { timeout: 120_000 },
    async () => {
      const { url, tampered } = await start('drop_source_uri');
      const { response } = await ask(url, { query: 'payments database failover', principal: 'u-sora' });
      expect(tampered()).toBe(1);
      expect(response.outcome).toBe('invalid_response');
      expect(response.failed_stage).toBe('provider_call');
      expect(response.message).toMatch(/items\.0\.source_uri/);
      expect(auditOf(response)).toMatchObject({ audited: false, failure: { code: 'call_schema_mismatch' } });
    },
  );

  it('catches a source_uri that is not the document’s as source_uri_mismatch, with the graph’s value', { timeout: 120_000 }, async () => {
    const { url } = await start('wrong_source_uri');
    const { response } = await ask(url, { query: 'payments database failover', principal: 'u-sora' });
    expect(response.outcome).toBe('ok');
    const violations = auditOf(response).violations;
    expect(kinds(violations)).toEqual(['source_uri_mismatch']);
    expect(violations[0]).toMatchObject({
      item: { rank: 1, document_id: response.items[0]?.document_id },
      evidence: { claimed: 'https://elsewhere.example/not-this-document', found: expect.stringMatching(/^https:\/\//) },
    });
  });

  it('catches a superseded ADR labelled current as freshness_mismatch with the graph’s reason', { timeout: 120_000 }, async () => {
    const { url, tampered } = await start('stale_labelled_current');
    const { response } = await ask(url, { query: ADR_QUERY, principal: 'u-minjun', top_k: 10 });
    expect(tampered()).toBeGreaterThan(0);
    const violations = auditOf(response).violations;
    expect(kinds(violations)).toEqual(['freshness_mismatch']);
    expect(violations).toHaveLength(tampered());
    expect(violations).toContainEqual(
      expect.objectContaining({
        item: expect.objectContaining({ document_id: 'adr-005-postgres-ha-repmgr' }),
        evidence: expect.objectContaining({ claimed: 'current', found: 'stale', reason: expect.stringMatching(/superseded/) }),
      }),
    );
    expect(response.outcome).toBe('ok');
  });

  it('does not name, in a freshness_mismatch, a successor the asker may not see', { timeout: 120_000 }, async () => {
    // A stale mark on the repmgr ADR (u-minjun may see it) pointing at the HR salary policy (g-hr only).
    const at = new Date().toISOString();
    const hrOnly = 'policy-hr-salary-adjustment';
    const repmgr = 'adr-005-postgres-ha-repmgr';
    deps().store.markStale({ document_id: repmgr, reason: 'moved', successor_document_id: hrOnly, marked_by: 'u-analyst', marked_at: at });
    try {
      const { url, tampered } = await start('stale_labelled_current');
      const { response } = await ask(url, { query: ADR_QUERY, principal: 'u-minjun', top_k: 10 });
      expect(tampered()).toBeGreaterThan(0);
      const found = auditOf(response).violations.filter((entry) => entry.item?.document_id === repmgr);
      expect(found).toContainEqual(
        expect.objectContaining({
          kind: 'freshness_mismatch',
          evidence: expect.objectContaining({ reason_code: 'marked_stale_successor_hidden' }),
        }),
      );
      expect(JSON.stringify(response)).not.toContain(hrOnly);
    } finally {
      deps().store.unmarkStale({ document_id: repmgr, reason: 'test over', recorded_by: 'u-analyst', recorded_at: at });
    }
  });

  it(
    'catches freshness words naming a successor the asker may not see as names_hidden_successor, an access violation that never names it back',
    { timeout: 120_000 },
    async () => {
      const at = new Date().toISOString();
      const hrOnly = 'policy-hr-salary-adjustment';
      const repmgr = 'adr-005-postgres-ha-repmgr';
      deps().store.markStale({
        document_id: repmgr,
        reason: 'moved',
        successor_document_id: hrOnly,
        marked_by: 'u-analyst',
        marked_at: at,
      });
      try {
        const { url, tampered } = await start('names_hidden_successor', { successor: hrOnly });
        const { response } = await ask(url, { query: ADR_QUERY, principal: 'u-minjun', top_k: 10 });
        expect(tampered()).toBeGreaterThan(0);
        const violations = auditOf(response).violations;
        expect(kinds(violations)).toEqual(['names_hidden_successor']);
        expect(violations).toContainEqual({
          kind: 'names_hidden_successor',
          item: expect.objectContaining({ document_id: repmgr }),
          evidence: { node: { label: 'Document', id: repmgr }, field: 'freshness.reason' },
        });
        expect(JSON.stringify(violations)).not.toContain(hrOnly);
        expect(response.outcome).toBe('acl_violation');
      } finally {
        deps().store.unmarkStale({ document_id: repmgr, reason: 'test over', recorded_by: 'u-analyst', recorded_at: at });
      }
    },
  );

  it(
    'catches restricted text handed over under the id of a chunk the asker may see as content_not_in_source, though every id checks out',
    { timeout: 120_000 },
    async () => {
      const { url, tampered } = await start('text_under_public_id', { asPrincipal: 'u-hana', leakQuery: HR_QUERY });
      const { response } = await ask(url, { query: 'payments database failover', principal: 'u-sora', top_k: 5 });
      expect(tampered()).toBe(1);
      const violations = auditOf(response).violations;
      expect(kinds(violations)).toEqual(['content_not_in_source']);
      expect(violations[0]).toMatchObject({ item: { rank: 1 }, evidence: { node: { label: 'Chunk', id: response.items[0]?.chunk_id } } });
      // No id the item names is one u-sora may not see, but the content may be anyone's text (here the
      // HR policy's), so it is an access violation, as Compare counts it a leak: the run fails (exit 11).
      expect(response.outcome).toBe('acl_violation');
      expect(response.message_code).toBe('outcome:provider_acl_violation');
    },
  );

  it(
    'catches the title of a document the asker may not see, handed over under ids it may see, as title_mismatch, an access violation',
    { timeout: 120_000 },
    async () => {
      const { url, tampered } = await start('title_under_public_id', { asPrincipal: 'u-hana', leakQuery: HR_QUERY });
      const { response } = await ask(url, { query: 'payments database failover', principal: 'u-sora', top_k: 5 });
      expect(tampered()).toBe(1);
      const violations = auditOf(response).violations;
      expect(kinds(violations)).toEqual(['title_mismatch']);
      expect(violations[0]).toMatchObject({
        item: { rank: 1 },
        evidence: { node: { label: 'Document', id: response.items[0]?.document_id }, claimed: response.items[0]?.title },
      });
      expect(response.outcome).toBe('acl_violation');
    },
  );

  it(
    'catches an answer over max_tokens as over_max_tokens, with its own figure and the tokens counted here',
    { timeout: 120_000 },
    async () => {
      const { url } = await start('over_max_tokens');
      const { response } = await ask(url, { query: 'payments database failover', principal: 'u-sora', max_tokens: 200, top_k: 10 });
      const violations = auditOf(response).violations;
      expect(kinds(violations)).toEqual(['over_max_tokens']);
      expect(violations[0]?.evidence.limit).toBe(200);
      expect(violations[0]?.evidence.counted).toBeGreaterThan(200);
      expect(Number(violations[0]?.evidence.claimed)).toBeGreaterThan(200);
    },
  );

  it('answers malformed JSON with invalid_response', { timeout: 60_000 }, async () => {
    const { url } = await start('malformed_json');
    const { response } = await ask(url, { query: 'payments database failover', principal: 'u-sora' });
    expect([response.outcome, response.items]).toEqual(['invalid_response', []]);
    expect(auditOf(response).failure?.code).toBe('call_not_json');
  });

  it('ends a provider that never answers in timeout at the request’s deadline, naming the call stage', { timeout: 60_000 }, async () => {
    const { url } = await start('never_answers');
    const started = Date.now();
    const { response } = await ask(url, { query: 'payments database failover', principal: 'u-sora', timeout_ms: 1500 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect([response.outcome, response.failed_stage, response.items]).toEqual(['timeout', 'provider_call', []]);
    expect(auditOf(response).failure?.code).toBe('call_timeout');
  });

  it('answers HTTP 503 and a refused connection with unavailable', { timeout: 60_000 }, async () => {
    const { url } = await start('server_error');
    const overloaded = await ask(url, { query: 'payments database failover', principal: 'u-sora' });
    expect([overloaded.response.outcome, auditOf(overloaded.response).failure]).toEqual([
      'unavailable',
      { code: 'call_http_status', params: { url, status: '503' } },
    ]);
    const nobody = await ask(`http://127.0.0.1:${await freePort()}/context`, { query: 'payments database failover', principal: 'u-sora' });
    expect([nobody.response.outcome, auditOf(nobody.response).failure?.code]).toEqual(['unavailable', 'call_refused']);
  });

  it('ends without an endpoint in unavailable saying how to configure one', { timeout: 60_000 }, async () => {
    const { response } = await runProviderRequest({ mode: 'provider', query: 'payments', principal: 'u-sora' }, null, deps());
    expect(response.outcome).toBe('unavailable');
    expect(response.message).toMatch(/LENS_PROVIDER_URL/);
  });
});

describe('mode provider through query.run, with the endpoint from LENS_PROVIDER_URL and LENS_PROVIDER_TOKEN', () => {
  const deps = useDemoRetrievalDeps(server);
  let dir: string;
  let hub: ServiceHub;
  let provider: TestProvider;
  const call = (name: string, input: unknown): Promise<ApiEnvelope> => dispatch(createLensHandlers(hub, 'http', '9.9.9'), name, input);

  beforeAll(async () => {
    await ensureDemoGraph(server);
    provider = await startTestProvider(deps(), 'forbidden_document', { asPrincipal: 'u-hana' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-provider-'));
    hub = new ServiceHub({
      LENS_HOME: path.join(dir, 'home'),
      NEO4J_URI: server.uri,
      NEO4J_USER: server.user,
      NEO4J_PASSWORD: server.password,
      LENS_PROVIDER_URL: provider.url,
      LENS_PROVIDER_TOKEN: TOKEN,
    });
  });

  afterAll(async () => {
    await provider.close();
    await hub.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'runs the request through the one dispatch, records the run with its violations, and shows the endpoint without its token',
    { timeout: 120_000 },
    async () => {
      const state = await call('provider.get', {});
      expect(state).toEqual({
        ok: true,
        value: expect.objectContaining({ endpoint: { url: provider.url, has_token: true, source: 'environment' } }),
      });
      expect(JSON.stringify(state)).not.toContain(TOKEN);
      const envelope = await call('query.run', {
        request: { query: HR_QUERY, principal: 'u-guest', mode: 'provider', timeout_ms: 60_000 },
      });
      if (!envelope.ok) throw new Error(envelope.error.message);
      const { response } = envelope.value as QueryRunResult;
      expect(response.outcome).toBe('acl_violation');
      expect(provider.received.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      const stored = await call('traces.get', { trace_id: response.trace_id });
      expect(stored).toMatchObject({
        ok: true,
        value: { mode: 'provider', outcome: 'acl_violation', response: { audit: { violations: response.audit?.violations } } },
      });
      expect(JSON.stringify(stored)).not.toContain(TOKEN);
      const listed = await call('traces.list', { mode: 'provider' });
      expect(listed).toMatchObject({ ok: true, value: { total: 1 } });
    },
  );

  it('takes an explicit URL in place of LENS_PROVIDER_URL and keeps the token, for `lens audit --provider`', () => {
    expect(providerEndpointFromEnv(hub.environment(), 'http://127.0.0.1:9/other')).toEqual({
      url: 'http://127.0.0.1:9/other',
      token: TOKEN,
    });
    const state = call('provider.get', {}) as Promise<ApiEnvelope>;
    return expect(state.then((envelope) => (envelope.ok ? (envelope.value as ProviderState).problem : 'error'))).resolves.toBeNull();
  });
});

describe('lens query --mode provider prints the audit, with the token nowhere in its output', () => {
  const deps = useDemoRetrievalDeps(server);
  let dir: string;
  const providers: TestProvider[] = [];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-provider-cli-'));
  });
  afterAll(async () => {
    for (const provider of providers) await provider.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const lens = async (fault: ProviderFault, args: string[]) => {
    const provider = await startTestProvider(deps(), fault, { asPrincipal: 'u-hana' });
    providers.push(provider);
    const env = {
      LENS_HOME: dir,
      NEO4J_URI: server.uri,
      NEO4J_USER: server.user,
      NEO4J_PASSWORD: server.password,
      LENS_PROVIDER_URL: provider.url,
      LENS_PROVIDER_TOKEN: TOKEN,
    };
    return runLens(['query', ...args, '--mode', 'provider', '--timeout-ms', '60000'], env, 180_000);
  };

  it('exits 11 on a forbidden document and names each violation with the clause it failed', { timeout: 200_000 }, async () => {
    const run = await lens('forbidden_document', [HR_QUERY, '--as', 'u-guest']);
    expect(run.code, run.stderr).toBe(11);
    expect(run.stdout).toMatch(/^ACL_VIOLATION {2}as u-guest/);
    expect(run.stdout).toMatch(/VIOLATES: access_denied/);
    expect(run.stdout).toMatch(/ {2}VIOLATIONS: \d+ in \d+ item\(s\) checked against the graph/);
    expect(run.stdout).toMatch(/\[access_denied\] Item #\d+: u-guest may not see Document policy-hr-/);
    expect(run.stdout).toMatch(/failed: .*shares no group with the principal \(allowed_groups: g-hr\)/);
    expect(`${run.stdout}${run.stderr}`).not.toContain(TOKEN);
  });

  it('exits 0 on a clean provider and says no violation was found, and --json carries the audit', { timeout: 200_000 }, async () => {
    const run = await lens('none', ['payments database failover', '--as', 'u-sora']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/ {2}No violations: \d+ item\(s\) checked against the graph/);
    const json = await lens('none', ['payments database failover', '--as', 'u-sora', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ outcome: 'ok', audit: { audited: true, violations: [] } });
  });
});
