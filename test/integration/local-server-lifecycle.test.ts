import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { localServerStatus, startLocalServer, stopLocalServer } from '../../electron/neo4j-server/local-server';
import { parseNeo4jVersion, supportedJavaVersions } from '../../electron/neo4j-server/neo4j-versions';
import { freePort } from '../support/free-port';

const server = inject('neo4j');
const homes: string[] = [];

function tempHome(name: string): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `lens-${name}-`));
  homes.push(home);
  return home;
}

/** A JDK whose `java -version` names a Java the server's release runs on, and whose server exits at once, like a JVM that cannot open its store. */
function failingJdk(home: string): string {
  const feature = supportedJavaVersions(parseNeo4jVersion(server.version))[0];
  const jdk = path.join(home, 'fake-jdk');
  fs.mkdirSync(path.join(jdk, 'bin'), { recursive: true });
  fs.writeFileSync(
    path.join(jdk, 'bin', 'java'),
    `#!/bin/sh\nif [ "$1" = "-version" ]; then echo 'openjdk version "${feature}.0.9" 2023-10-17' >&2; exit 0; fi\necho "simulated failure: the store is locked by another process" >&2\nexit 3\n`,
    { mode: 0o755 },
  );
  fs.writeFileSync(
    path.join(jdk, 'bin', 'javac'),
    '#!/bin/sh\nwhile [ $# -gt 0 ]; do if [ "$1" = "-d" ]; then mkdir -p "$2"; touch "$2/LensNeo4jServer.class"; fi; shift; done\n',
    { mode: 0o755 },
  );
  return jdk;
}

afterAll(async () => {
  for (const home of homes) {
    await stopLocalServer({ home });
    fs.rmSync(home, { recursive: true, force: true });
  }
});

describe.skipIf(!server.local)('the local server lifecycle (skipped with NEO4J_TEST_URI: it starts servers of its own)', () => {
  it('starts a second server in its own home, reuses it, refuses another version over it, and stops it cleanly', async () => {
    const home = tempHome('lifecycle');
    const port = await freePort();
    const started = await startLocalServer({ home, port, version: server.version, heapMb: 512, pageCacheMb: 64 });
    expect(started).toMatchObject({ reused: false, boltUri: `bolt://127.0.0.1:${port}` });

    const again = await startLocalServer({ home, port, version: server.version });
    expect(again).toMatchObject({ reused: true, pid: started.pid });

    const otherVersion = server.version === '5.26.30' ? '2026.08.1' : '5.26.30';
    await expect(startLocalServer({ home, port, version: otherVersion })).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining('already running'),
    });

    const running = await localServerStatus(home);
    expect(running).toMatchObject({ running: true, answering: true });

    const stopped = await stopLocalServer({ home });
    expect(stopped.stopped).toBe(true);
    expect(stopped.message).toMatch(/^Stopped Neo4j/);
    expect(await localServerStatus(home)).toMatchObject({ running: false });
    expect(fs.readFileSync(started.logFile, 'utf8')).toContain('LENS-STOPPED');
  }, 240_000);

  it('reports a server that exits during start with the tail of its log', async () => {
    const home = tempHome('exits');
    const jdk = failingJdk(home);
    const error = await startLocalServer({
      home,
      port: await freePort(),
      version: server.version,
      env: { ...process.env, LENS_JAVA_HOME: jdk, LENS_JVM_ROOTS: '' },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'unavailable', message: expect.stringContaining('exited during start (exit code 3)') });
    expect((error as { detail?: string }).detail).toContain('simulated failure: the store is locked');
    expect(await localServerStatus(home)).toMatchObject({ running: false, state: null });
  }, 240_000);
});
