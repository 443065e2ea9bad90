import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import neo4j from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLensHandlers } from '../../electron/api/lens-handlers';
import type { LensHandlers } from '../../electron/api/api-dispatch';
import { ServiceHub } from '../../electron/services/service-hub';
import type { JobStatus } from '../../shared/api/lens-api';
import { ensureDemoGraph, fixtureDriver } from '../support/demo-graph';

const server = inject('neo4j');
const MARKER = `eval-cancel-${process.pid}-${Date.now()}`;
/** Row-by-row heavy work the server checks for termination as it goes: one run lasts far longer than this test waits. */
const CARTESIAN = `MATCH (a), (b), (c) WHERE a.zz IS NULL AND b.zz IS NULL AND c.zz IS NULL RETURN count(*) AS n, '${MARKER}' AS marker`;
const TEMPLATE_ID = 'eval-cancel-cartesian';

/** A golden set of three questions, each a run of the heavy template with a minute to run. */
const HEAVY_SET = JSON.stringify({
  name: MARKER,
  defaults: { k: 10, modes: ['cypher'], timeout_ms: 60_000, options: { template_id: TEMPLATE_ID } },
  questions: ['one', 'two', 'three'].map((id) => ({ id, question: id, principal: 'u-guest', expected: { documents: [] } })),
});

/** The server's transactions running the heavy template now. */
async function heavyOnServer(): Promise<number> {
  const driver = fixtureDriver(server);
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const result = await session.run(
      'SHOW TRANSACTIONS YIELD currentQuery WHERE currentQuery CONTAINS $marker AND NOT currentQuery CONTAINS "SHOW TRANSACTIONS" RETURN count(*) AS n',
      { marker: MARKER },
    );
    return Number(result.records[0]?.get('n') ?? 0);
  } finally {
    await session.close();
    await driver.close();
  }
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const limit = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > limit) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('an evaluation stopped from the screen (jobs.cancel)', () => {
  let dir = '';
  let hub: ServiceHub;
  let handlers: LensHandlers;

  beforeAll(async () => {
    await ensureDemoGraph(server);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-eval-cancel-'));
    hub = new ServiceHub({
      LENS_HOME: path.join(dir, 'home'),
      NEO4J_URI: server.uri,
      NEO4J_USER: server.user,
      NEO4J_PASSWORD: server.password,
    });
    hub.store().saveQuery({ id: TEMPLATE_ID, name: 'cartesian', cypher: CARTESIAN, created_at: new Date().toISOString() });
    handlers = createLensHandlers(hub, 'http', 'test');
  });

  afterAll(async () => {
    await hub?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('cancels the run in flight, starts no other, ends cancelled saying after how many runs, and stores no report', async () => {
    const { job_id } = await handlers['eval.run']({ content: HEAVY_SET, file_name: 'heavy.json' });
    expect(await until(heavyOnServer, (n) => n > 0, 30_000)).toBeGreaterThan(0);
    const asked = Date.now();
    expect((await handlers['jobs.cancel']({ job_id })).job_id).toBe(job_id);
    const ended = await until<JobStatus>(
      () => handlers['jobs.get']({ job_id }),
      (status) => status.state !== 'running',
      30_000,
    );
    expect(ended.state).toBe('cancelled');
    // Well before the run's own minute: the run in flight was cancelled, not waited for.
    expect(Date.now() - asked).toBeLessThan(30_000);
    expect(ended.error?.kind).toBe('cancelled');
    expect(ended.error?.message).toMatch(/stopped as asked, after 0 of 3 runs; no report was stored/);
    expect(ended.result).toBeUndefined();
    expect((await handlers['eval.list']({ limit: 50 })).evaluations.filter((evaluation) => evaluation.set_name === MARKER)).toEqual([]);
    // Nothing of it left running on the server, and the other two questions never started.
    expect(await until(heavyOnServer, (n) => n === 0, 10_000)).toBe(0);
    const runs = (await handlers['traces.list']({ limit: 50, offset: 0 })).runs;
    expect(runs.filter((run) => run.outcome === 'cancelled')).toHaveLength(1);
    expect(runs).toHaveLength(1);
  }, 90_000);

  it('is refused for a job id no job has', async () => {
    await expect(handlers['jobs.cancel']({ job_id: 'no-such-job' })).rejects.toMatchObject({ kind: 'not_found' });
  });
});
