import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLens } from '../../support/run-lens';

// A server that accepts the connection and never speaks Bolt: a wrong port, a TLS-only port, a
// stalled load balancer. A CI job pointed at one must get its answer and its exit code, not hang
// until the job's own timeout (the driver's close waited on the handshake, and its socket kept the
// process alive after the answer was printed).
describe('lens against a server that accepts the connection and never answers', () => {
  let server: net.Server;
  const sockets = new Set<net.Socket>();
  let env: Record<string, string>;
  let home: string;

  beforeAll(async () => {
    server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-silent-'));
    env = { LENS_HOME: home, NEO4J_URI: `bolt://127.0.0.1:${(server.address() as AddressInfo).port}`, NEO4J_PASSWORD: 'x' };
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('query answers timeout at its deadline and exits 5, instead of hanging after the answer', async () => {
    // runLens rejects when the command has not exited in 60 s; before the fix it never exited.
    const run = await runLens(['query', 'kafka', '--as', 'u-guest', '--timeout-ms', '3000'], env, 60_000);
    expect(run.code).toBe(5);
    expect(run.stdout).toMatch(/^TIMEOUT/m);
  }, 90_000);

  it('principals list says the server is unreachable (exit 4), not an internal error, and exits', async () => {
    const run = await runLens(['principals', 'list'], env, 60_000);
    expect(run.stderr).toMatch(/^error \(unavailable\): Neo4j at bolt:\/\/127\.0\.0\.1:\d+ is unreachable/m);
    expect(run.stderr).not.toMatch(/internal/);
    expect(run.code).toBe(4);
  }, 90_000);
});
