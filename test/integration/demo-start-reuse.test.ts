import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DemoStartResult, JobStatus } from '../../shared/api/lens-api';
import { dispatch } from '../../electron/api/api-dispatch';
import { createLensHandlers } from '../../electron/api/lens-handlers';
import { ServiceHub } from '../../electron/services/service-hub';
import neo4j from 'neo4j-driver';
import { Deadline } from '../../shared/deadline';
import { DEMO_CORPUS_SOURCE } from '../../shared/demo-load-messages';
import { defineQuery } from '../../electron/graph/built-in-query';
import { ensureDemoGraph, fixtureDriver } from '../support/demo-graph';

const server = inject('neo4j');

// The integration server is a demo server of its LENS_HOME on a free port, as `lens neo4j start --port` makes one.
describe.skipIf(!server.local)('demo.start with a demo server already running on a port of its own', () => {
  let hub: ServiceHub;
  beforeAll(async () => {
    await ensureDemoGraph(server);
    hub = new ServiceHub({ LENS_HOME: server.home });
  });
  afterAll(async () => {
    await hub.close();
  });

  /** Runs the demo.start job to its end through the http door's handler table. */
  async function startDemo(over: ServiceHub = hub): Promise<JobStatus | null> {
    const handlers = createLensHandlers(over, 'http', '9.9.9');
    const started = await dispatch(handlers, 'demo.start', {});
    if (!started.ok) throw new Error(`demo.start: ${started.error.message}`);
    const { job_id } = started.value as { job_id: string };
    let status: JobStatus | null = null;
    for (let polls = 0; polls < 1200; polls++) {
      const polled = await dispatch(handlers, 'jobs.get', { job_id });
      if (!polled.ok) throw new Error(`jobs.get: ${polled.error.message}`);
      status = polled.value as JobStatus;
      if (status.state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return status;
  }

  /** The load marker as a fixture write sets it (never the app's), put back as it was afterwards. */
  async function withMarker(set: { source: string; plan_hash: null }, work: () => Promise<void>): Promise<void> {
    const driver = fixtureDriver(server);
    const session = driver.session({ defaultAccessMode: neo4j.session.WRITE });
    try {
      const before = await session.run(
        'MATCH (m:LensLoadInfo) WITH m, m.source AS source, m.plan_hash AS plan_hash SET m.source = $source, m.plan_hash = $plan_hash RETURN source, plan_hash',
        set,
      );
      expect(before.records).toHaveLength(1);
      try {
        await work();
      } finally {
        await session.run('MATCH (m:LensLoadInfo) SET m.source = $source, m.plan_hash = coalesce(m.plan_hash, $plan_hash)', {
          source: before.records[0]?.get('source') ?? null,
          plan_hash: before.records[0]?.get('plan_hash') ?? null,
        });
      }
    } finally {
      await session.close();
      await driver.close();
    }
  }

  const markerNow = async () => {
    const read = await hub.gateway().read(
      defineQuery('test-marker', 'MATCH (m:LensLoadInfo) RETURN m.plan_hash AS plan_hash, m.source AS source'),
      {},
      {
        deadline: Deadline.after(15_000),
      },
    );
    return read.rows[0];
  };

  it(
    'finishes a load of the demo corpus that stopped part way (its marker without a plan hash) instead of calling it ready',
    { timeout: 300_000 },
    async () => {
      // A hub that warms its connections, as the desktop app's and browser mode's do, with a home of its own
      // (its trace store) that knows the integration server as its demo server.
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-demo-warm-'));
      fs.mkdirSync(path.join(home, 'neo4j'));
      for (const file of ['server.json', 'password']) fs.cpSync(path.join(server.home, 'neo4j', file), path.join(home, 'neo4j', file));
      const warmHub = new ServiceHub({ LENS_HOME: home }, undefined, undefined, { warmOnConnect: true });
      try {
        await withMarker({ source: DEMO_CORPUS_SOURCE, plan_hash: null }, async () => {
          const status = await startDemo(warmHub);
          expect([status?.state, status?.error?.message]).toEqual(['done', undefined]);
          expect(status?.events.map((event) => event.said?.code)).toContain('progress:unfinished_demo_load');
          expect((status?.result as DemoStartResult).loaded).not.toBeNull();
          expect((await markerNow())?.plan_hash).toEqual(expect.any(String));
          // The load dropped the server's plans: the connection is warmed again as the job ends, before any
          // screen asks for anything, instead of in the user's first query.
          const warming = warmHub.warmup();
          expect(warming).not.toBeNull();
          const report = await warming;
          // It read the loaded graph's principals and ran queries (whether it finished within its own deadline
          // depends on how busy the shared machine is, so that is not asserted here; connection-warmup does).
          expect(report?.principals_cached).toBeGreaterThan(0);
          expect(report?.runs.length).toBeGreaterThan(0);
        });
      } finally {
        await warmHub.close();
        fs.rmSync(home, { recursive: true, force: true });
      }
    },
  );

  it(
    'leaves a folder of one’s own that stopped part way as it is, and says what it holds and the two ways back',
    { timeout: 120_000 },
    async () => {
      await withMarker({ source: '/home/someone/their-docs', plan_hash: null }, async () => {
        const status = await startDemo();
        expect([status?.state, status?.error?.message]).toEqual(['done', undefined]);
        const said = status?.events.find((event) => event.said?.code === 'progress:unfinished_folder_load');
        expect(said?.message).toBe(
          'The demo database holds a load of /home/someone/their-docs that stopped part way, so it holds only part of that folder: load the folder again, or load the demo corpus again.',
        );
        expect((status?.result as DemoStartResult).loaded).toBeNull();
        expect(await markerNow()).toEqual({ plan_hash: null, source: '/home/someone/their-docs' });
      });
    },
  );

  it(
    'uses that server as it is (reused, its own address), instead of refusing it as another server for not being on the default port',
    { timeout: 120_000 },
    async () => {
      const status = await startDemo();
      expect([status?.state, status?.error?.message]).toEqual(['done', undefined]);
      const result = status?.result as DemoStartResult;
      expect(result.server).toMatchObject({ bolt_uri: server.uri, reused: true });
      // The graph held the demo corpus already: nothing was loaded.
      expect(result.loaded).toBeNull();
    },
  );
});
