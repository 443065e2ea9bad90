import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DemoStartResult, JobStatus } from '../../shared/api/lens-api';
import { dispatch } from '../../electron/api/api-dispatch';
import { createLensHandlers } from '../../electron/api/lens-handlers';
import { ServiceHub } from '../../electron/services/service-hub';
import { ensureDemoGraph } from '../support/demo-graph';

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

  it(
    'uses that server as it is (reused, its own address), instead of refusing it as another server for not being on the default port',
    { timeout: 120_000 },
    async () => {
      const handlers = createLensHandlers(hub, 'http', '9.9.9');
      const started = await dispatch(handlers, 'demo.start', {});
      if (!started.ok) throw new Error(`demo.start: ${started.error.message}`);
      const { job_id } = started.value as { job_id: string };
      let status: JobStatus | null = null;
      for (let polls = 0; polls < 600; polls++) {
        const polled = await dispatch(handlers, 'jobs.get', { job_id });
        if (!polled.ok) throw new Error(`jobs.get: ${polled.error.message}`);
        status = polled.value as JobStatus;
        if (status.state !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect([status?.state, status?.error?.message]).toEqual(['done', undefined]);
      const result = status?.result as DemoStartResult;
      expect(result.server).toMatchObject({ bolt_uri: server.uri, reused: true });
      // The graph held the demo corpus already: nothing was loaded.
      expect(result.loaded).toBeNull();
    },
  );
});
