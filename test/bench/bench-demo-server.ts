import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadSyntheticGraph } from '../../electron/demo-graph/synthetic-load';
import { runningServer, startLocalServer, type RunningServer } from '../../electron/neo4j-server/local-server';
import { ensureDemoGraph } from '../support/demo-graph';
import { freePort } from '../support/free-port';
import { REPO_ROOT, type TestNeo4j } from '../support/test-env';

/**
 * The demo server a bench runs against: the one of `lensHome` (started by hand), or the bench's own
 * under `benchHome` (started and loaded when needed; `ours` says the bench should stop it).
 */
export async function benchDemoServer(
  lensHome: string | null,
  benchHome: string,
  log: (message: string) => void,
): Promise<{ home: string; server: RunningServer; ours: boolean }> {
  if (lensHome) {
    const server = runningServer(lensHome);
    if (!server)
      throw new Error(
        `No demo server runs for ${lensHome}; start it with LENS_HOME=${lensHome} npx lens neo4j start, or leave out --lens-home.`,
      );
    return { home: lensHome, server, ours: false };
  }
  const server =
    runningServer(benchHome) ??
    (await startLocalServer({
      home: benchHome,
      port: await freePort(),
      progress: (event) => (event.fraction === 1 ? log(event.message) : undefined),
    }));
  await ensureDemoGraph({
    uri: server.boltUri,
    user: server.user,
    password: server.password,
    version: server.version,
    local: true,
    home: benchHome,
    startupMs: server.startupMs,
  });
  return { home: benchHome, server, ours: true };
}

/** Builds the CLI bundle when its sources changed since the last build, as the benches time the bundle; logs what it did. */
export function buildCliIfStale(log: (line: string) => void): void {
  const built = execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-cli.mjs'), '--if-stale'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  }).trim();
  if (built) log(built);
}

/** A running bench server as the test helpers take it (gateway, retrieval deps). */
export function benchTestServer(server: RunningServer, home: string): TestNeo4j {
  return {
    uri: server.boltUri,
    user: server.user,
    password: server.password,
    version: server.version,
    local: true,
    home,
    startupMs: server.startupMs,
  };
}

/** The synthetic-graph bench server of `home` (heap 2 GB, page cache 1 GB): the one running there, or a new one on a free port. */
export async function syntheticBenchServer(home: string, log: (message: string) => void): Promise<RunningServer> {
  const existing = runningServer(home);
  const port = existing ? Number(new URL(existing.boltUri).port) : await freePort();
  return startLocalServer({
    home,
    port,
    heapMb: 2048,
    pageCacheMb: 1024,
    progress: (event) => (event.fraction === 1 ? log(event.message) : undefined),
  });
}

/** The retrieval bench's synthetic graph of `chunks` loaded on the server of `home` (seed 1, its five reaches), or kept when it already holds that plan. */
export async function loadBenchGraph(home: string, chunks: number, log: (message: string) => void): Promise<void> {
  const load = await loadSyntheticGraph({ chunks, selectivities: [0.001, 0.01, 0.1, 0.5, 1], seed: 1, home, env: {}, skipIfLoaded: true });
  log(load.skipped ? 'the graph already holds this plan' : `loaded ${chunks} chunks`);
}
