import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLensHandlers } from '../../electron/api/lens-handlers';
import { ServiceHub } from '../../electron/services/service-hub';
import { startWebHost, type WebHost } from '../../electron/web/web-host';
import type { ApiEnvelope, QueryCancelResult, QueryRunResult } from '../../shared/api/lens-api';
import type { RunRecord } from '../../shared/trace-record';
import { ensureDemoGraph } from '../support/demo-graph';
import { transactionsWithTrace, untilRunningOnServer } from '../support/server-transactions';
import { REPO_ROOT } from '../support/test-env';

const server = inject('neo4j');
const MARKER = `cancel-doors-${process.pid}-${Date.now()}`;
/** Row-by-row heavy work the server checks for termination as it goes: a run of it lasts far longer than these tests wait. */
const CARTESIAN = `MATCH (a), (b), (c) WHERE a.zz IS NULL AND b.zz IS NULL AND c.zz IS NULL RETURN count(*) AS n, '${MARKER}' AS marker`;
const TEMPLATE_ID = 'cancel-doors-cartesian';

/** A heavy run of the saved template, as a request any door takes. */
const heavyRequest = (traceId: string) => ({
  query: 'x',
  principal: 'u-guest',
  mode: 'cypher',
  options: { template_id: TEMPLATE_ID },
  timeout_ms: 60_000,
  trace_id: traceId,
});

describe('query.cancel and Ctrl+C end a running query in cancelled, recorded, with nothing left on the server', () => {
  let dir = '';
  let env: Record<string, string> = {};
  let hub: ServiceHub;
  let host: WebHost;

  /** Calls an operation through the web host as the browser does. */
  const post = async <T>(name: string, input: unknown): Promise<T> => {
    const reply = await fetch(`http://127.0.0.1:${host.port}/api/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Lens-Token': host.token },
      body: JSON.stringify(input),
    });
    const envelope = (await reply.json()) as ApiEnvelope;
    if (!envelope.ok) throw new Error(`${name}: ${envelope.error.kind}: ${envelope.error.message}`);
    return envelope.value as T;
  };

  beforeAll(async () => {
    await ensureDemoGraph(server);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-cancel-'));
    fs.mkdirSync(path.join(dir, 'renderer'));
    fs.writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>Provenance Lens</title>');
    env = { LENS_HOME: path.join(dir, 'home'), NEO4J_URI: server.uri, NEO4J_USER: server.user, NEO4J_PASSWORD: server.password };
    hub = new ServiceHub(env);
    hub.store().saveQuery({ id: TEMPLATE_ID, name: 'cartesian', cypher: CARTESIAN, created_at: new Date().toISOString() });
    host = await startWebHost({ handlers: createLensHandlers(hub, 'http', 'test'), rendererDir: path.join(dir, 'renderer') });
  });

  afterAll(async () => {
    await host?.close();
    await hub?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('HTTP: query.cancel stops the running query.run, which answers cancelled; the run is kept as cancelled with what it reached; a second cancel says finished', async () => {
    const traceId = `${MARKER}-http`;
    const running = post<QueryRunResult>('query.run', { request: heavyRequest(traceId) });
    expect((await untilRunningOnServer(server, traceId, 'cypher_template', 20_000)).length).toBeGreaterThan(0);
    expect(await post<QueryCancelResult>('query.cancel', { trace_id: traceId })).toEqual({ trace_id: traceId, status: 'cancelled' });
    const { response } = await running;
    expect({ outcome: response.outcome, answerable: response.answerable, failed: response.failed_stage }).toEqual({
      outcome: 'cancelled',
      answerable: false,
      failed: 'cypher_template',
    });
    const recorded = await post<RunRecord>('traces.get', { trace_id: traceId });
    expect(recorded.outcome).toBe('cancelled');
    // The reads it made before the template are kept with it; the template's own never finished.
    expect(recorded.queries.map((query) => query.stage)).toContain('principal');
    expect(recorded.queries.map((query) => query.stage)).not.toContain('cypher_template');
    expect(recorded.response.failed_stage).toBe('cypher_template');
    expect(await post<QueryCancelResult>('query.cancel', { trace_id: traceId })).toEqual({ trace_id: traceId, status: 'finished' });
    expect(await transactionsWithTrace(server, traceId, 10_000)).toEqual([]);
  }, 60_000);

  it('HTTP: cancelling a trace id no run has is answered unknown, not an error', async () => {
    expect(await post<QueryCancelResult>('query.cancel', { trace_id: `${MARKER}-nobody` })).toEqual({
      trace_id: `${MARKER}-nobody`,
      status: 'unknown',
    });
  });

  it('CLI: Ctrl+C during lens query prints the cancelled response, exits 130 and records the run as cancelled', async () => {
    const traceId = `${MARKER}-cli`;
    const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('NEO4J_') && key !== 'LENS_HOME'));
    const args = [
      'query',
      'x',
      '--as',
      'u-guest',
      '--mode',
      'cypher',
      '--template',
      TEMPLATE_ID,
      '--timeout-ms',
      '60000',
      '--trace-id',
      traceId,
    ];
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'electron', 'cli', 'lens.mjs'), ...args], {
      cwd: REPO_ROOT,
      env: { ...base, ...env },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    expect((await untilRunningOnServer(server, traceId, 'cypher_template', 40_000)).length).toBeGreaterThan(0);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('Cancelling the run… (Ctrl+C again to quit at once)');
    expect(stdout).toMatch(new RegExp(`^CANCELLED .* trace ${traceId}`));
    expect(stdout).toMatch(/cancelled \(while running the Cypher template\)/);
    expect(hub.store().getRun(traceId)?.outcome).toBe('cancelled');
    expect(await transactionsWithTrace(server, traceId, 10_000)).toEqual([]);
  }, 90_000);
});
