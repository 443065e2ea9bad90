import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { QueryRunResult } from '../../shared/api/lens-api';
import type { Principal } from '../../shared/principal';
import { dispatch } from '../../electron/api/api-dispatch';
import { createLensHandlers } from '../../electron/api/lens-handlers';
import { ServiceHub } from '../../electron/services/service-hub';
import { buildLoadPlan } from '../../electron/demo-graph/demo-loader';
import { ensureDemoGraph } from '../support/demo-graph';
import { runLens } from '../support/run-lens';

const server = inject('neo4j');
const HR_QUERY = '연봉 조정 정책 salary adjustment';
/** The demo's guest, widened to the People team: what a careless import would make of it. */
const WIDENED_GUEST = {
  principal_id: 'u-guest',
  display_name: 'Guest (widened locally)',
  workspace_id: 'ws-nurion',
  groups: ['g-hr'],
  acl_partitions: ['general', 'hr'],
};

describe("a local principal that overrides the graph's principal of the same id", () => {
  let dir: string;
  let env: Record<string, string>;
  let hub: ServiceHub;
  let hrDocuments: Set<string>;

  /** Calls an operation through the one dispatch, as every door does, and returns its value. */
  async function call<T>(name: string, input: unknown): Promise<T> {
    const envelope = await dispatch(createLensHandlers(hub, 'http', '9.9.9'), name, input);
    if (!envelope.ok) throw new Error(`${name}: ${envelope.error.kind}: ${envelope.error.message}`);
    return envelope.value as T;
  }
  const guestRun = () =>
    call<QueryRunResult>('query.run', {
      request: { query: HR_QUERY, principal: 'u-guest', mode: 'fulltext', top_k: 10, timeout_ms: 30_000 },
    });
  const hrItems = (result: QueryRunResult) =>
    result.response.items.filter((item) => hrDocuments.has(item.document_id)).map((item) => item.document_id);
  const listed = async (id: string) =>
    (await call<{ principals: Principal[] }>('principals.list', {})).principals.filter((p) => p.principal_id === id);

  beforeAll(async () => {
    await ensureDemoGraph(server);
    hrDocuments = new Set(
      buildLoadPlan()
        .documents.filter((doc) => doc.acl.allowed_groups.includes('g-hr') && doc.acl.visibility !== 'public')
        .map((doc) => doc.document_id),
    );
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-overrides-'));
    env = { LENS_HOME: path.join(dir, 'home'), NEO4J_URI: server.uri, NEO4J_USER: server.user, NEO4J_PASSWORD: server.password };
    hub = new ServiceHub(env);
  });

  afterAll(async () => {
    await hub.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('before any import, u-guest is the graph principal and gets no HR document', async () => {
    expect(hrDocuments.size).toBeGreaterThan(0);
    expect(await listed('u-guest')).toEqual([expect.objectContaining({ source: 'graph', groups: [] })]);
    expect((await listed('u-guest'))[0]?.overrides_graph).toBeUndefined();
    const run = await guestRun();
    expect(run.principal).toMatchObject({ source: 'graph' });
    expect(hrItems(run)).toEqual([]);
  });

  it('after `lens principals import`, the list flags the local u-guest as overriding the graph, and its runs see HR documents and say why', async () => {
    const file = path.join(dir, 'widened.json');
    fs.writeFileSync(file, JSON.stringify([WIDENED_GUEST]));
    const imported = await runLens(['principals', 'import', file], env);
    expect(imported.code, imported.stderr).toBe(0);

    expect(await listed('u-guest')).toEqual([expect.objectContaining({ source: 'import', overrides_graph: true, groups: ['g-hr'] })]);
    const cli = await runLens(['principals', 'list', '--json'], env);
    expect(cli.code, cli.stderr).toBe(0);
    expect((JSON.parse(cli.stdout) as Principal[]).filter((p) => p.principal_id === 'u-guest')).toEqual([
      expect.objectContaining({ source: 'import', overrides_graph: true }),
    ]);
    const table = await runLens(['principals', 'list'], env);
    expect(table.stdout).toMatch(/^u-guest\s+import .*! local copy overrides the graph's principal$/m);

    const run = await guestRun();
    expect(run.principal).toMatchObject({ principal_id: 'u-guest', source: 'import', overrides_graph: true });
    expect(hrItems(run).length).toBeGreaterThan(0);
    const stored = await call<{ principal: Principal }>('traces.get', { trace_id: run.response.trace_id });
    expect(stored.principal).toMatchObject({ source: 'import', overrides_graph: true });
  });

  it('after `lens principals remove u-guest`, the graph principal is used again and no HR document comes back', async () => {
    const removed = await runLens(['principals', 'remove', 'u-guest'], env);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('Removed the local principal u-guest (import).');

    expect(await listed('u-guest')).toEqual([expect.objectContaining({ source: 'graph', groups: [] })]);
    const run = await guestRun();
    expect(run.principal).toMatchObject({ source: 'graph' });
    expect(run.principal.overrides_graph).toBeUndefined();
    expect(hrItems(run)).toEqual([]);

    const again = await runLens(['principals', 'remove', 'u-guest'], env);
    expect(again.code).toBe(6);
  });

  it('removes through the API as well, and an unknown id is not_found', async () => {
    hub.store().upsertPrincipals([WIDENED_GUEST], 'local');
    expect(await listed('u-guest')).toEqual([expect.objectContaining({ source: 'local', overrides_graph: true })]);
    expect(await call('principals.remove', { principal_id: 'u-guest' })).toMatchObject({
      removed: { principal_id: 'u-guest', source: 'local' },
    });
    expect(await listed('u-guest')).toEqual([expect.objectContaining({ source: 'graph' })]);
    const missing = await dispatch(createLensHandlers(hub, 'http', '9.9.9'), 'principals.remove', { principal_id: 'u-guest' });
    expect(missing).toMatchObject({ ok: false, error: { kind: 'not_found', message: 'There is no local principal u-guest to remove.' } });
  });
});
