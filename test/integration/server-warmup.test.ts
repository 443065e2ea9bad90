import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProgressEvent } from '../../shared/progress-event';
import { warmDemoServer } from '../../electron/services/server-warmup';
import { ensureDemoGraph } from '../support/demo-graph';

const server = inject('neo4j');

describe('warming the demo server after lens neo4j start', () => {
  beforeAll(() => ensureDemoGraph(server));

  it('plans the retrieval queries on the demo server of LENS_HOME, whatever NEO4J_URI names, and says so in coded progress', async () => {
    const events: ProgressEvent[] = [];
    // NEO4J_URI names a port nothing listens on: the warm-up must not go there.
    const env = { ...process.env, LENS_HOME: server.home, NEO4J_URI: 'bolt://127.0.0.1:9', NEO4J_PASSWORD: 'wrong' };
    const report = await warmDemoServer(env, (event) => events.push(event), 90_000);
    expect(report.stopped).toBeNull();
    expect(report.runs.length).toBeGreaterThan(0);
    expect(report.runs.every((run) => ['no_evidence', 'ok'].includes(run.outcome))).toBe(true);
    expect(report.principals_cached).toBeGreaterThan(0);
    expect(events.map((event) => event.said?.code)).toEqual(['progress:warming', 'progress:warmed']);
    expect(events[1]?.said?.params).toMatchObject({ runs: report.runs.length, principals: report.principals_cached });
    expect(events[1]?.fraction).toBe(1);
  }, 150_000);

  it('stops at its budget, keeping what it did, and says it stopped', async () => {
    const events: ProgressEvent[] = [];
    const started = performance.now();
    const report = await warmDemoServer({ ...process.env, LENS_HOME: server.home }, (event) => events.push(event), 1);
    // Stopped at once, not after the warm-up's own minute.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(report.stopped).not.toBeNull();
    expect(events.map((event) => event.said?.code)).toEqual(['progress:warming', 'progress:warm_incomplete']);
  }, 60_000);

  it('says a warm-up that cannot reach the server stopped, and does not throw', async () => {
    const events: ProgressEvent[] = [];
    // A home where no demo server runs.
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-warm-'));
    try {
      const report = await warmDemoServer({ LENS_HOME: home }, (event) => events.push(event));
      expect(report.stopped).not.toBeNull();
      expect(report.runs).toEqual([]);
      expect(events.map((event) => event.said?.code)).toEqual(['progress:warming', 'progress:warm_incomplete']);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
