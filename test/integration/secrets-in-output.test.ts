import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ContextResponse } from '../../shared/context-contract';
import { TraceBundle } from '../../shared/trace-record';
import { traceStorePath } from '../../electron/trace-store/trace-store-location';
import { ensureDemoGraph } from '../support/demo-graph';
import { runLens } from '../support/run-lens';

const server = inject('neo4j');
/** A password shorter than this could turn up in the bytes by chance, so the byte checks would prove nothing. */
const MIN_PASSWORD_CHARS = 8;

/** The test server's URI with the account written into it, as a user might set NEO4J_URI. */
const uriWithCredentials = () => server.uri.replace('://', `://${encodeURIComponent(server.user)}:${encodeURIComponent(server.password)}@`);

/** Every byte the trace store keeps: the file and, when present, its -wal and -shm. */
function storeBytes(home: string): Buffer {
  const file = traceStorePath(home);
  return Buffer.concat(
    ['', '-wal', '-shm'].filter((suffix) => fs.existsSync(`${file}${suffix}`)).map((suffix) => fs.readFileSync(`${file}${suffix}`)),
  );
}

describe.skipIf(server.password.length < MIN_PASSWORD_CHARS)(
  `a password in NEO4J_URI never reaches the trace store or the output (needs a test server password of ${MIN_PASSWORD_CHARS}+ characters to grep for)`,
  () => {
    let root: string;
    let home: string;
    const env = () => ({ LENS_HOME: home, NEO4J_URI: uriWithCredentials() });

    beforeAll(async () => {
      await ensureDemoGraph(server);
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-secrets-'));
      home = path.join(root, 'home');
    });

    afterAll(() => {
      fs.rmSync(root, { recursive: true, force: true });
    });

    it('connects with the credentials from the URI, records the run without them, and exports none', async () => {
      const query = await runLens(['query', 'consumer lag runbook', '--as', 'u-sora', '--timeout-ms', '60000', '--json'], env());
      expect(query.code, query.stderr).toBe(0);
      expect((JSON.parse(query.stdout) as ContextResponse).outcome).toMatch(/^(ok|no_evidence)$/);
      expect(`${query.stdout}${query.stderr}`).not.toContain(server.password);

      const out = path.join(root, 'bundle.json');
      const exported = await runLens(['traces', 'export', '--out', out], { LENS_HOME: home });
      expect(exported.code, exported.stderr).toBe(0);
      const text = fs.readFileSync(out, 'utf8');
      expect(TraceBundle.parse(JSON.parse(text)).runs.map((run) => run.graph_uri)).toEqual([server.uri]);
      expect(text).not.toContain(server.password);
      expect(storeBytes(home).includes(server.password)).toBe(false);
    });

    it('prints a connect report without them, for a person and as JSON', async () => {
      const json = await runLens(['connect', '--json'], env());
      expect(json.code, json.stderr).toBe(0);
      expect((JSON.parse(json.stdout) as { uri: string; user: { name: string } }).uri).toBe(server.uri);
      const human = await runLens(['connect'], env());
      expect(human.code).toBe(0);
      expect(human.stdout).toContain(`at ${server.uri} `);
      for (const run of [json, human]) expect(`${run.stdout}${run.stderr}`).not.toContain(server.password);
    });

    it('records an unreachable server’s run without them either', async () => {
      const unreachable = uriWithCredentials().replace(/:\d+$/, ':1');
      const query = await runLens(['query', 'x', '--as', 'u-sora', '--json'], { LENS_HOME: home, NEO4J_URI: unreachable });
      expect((JSON.parse(query.stdout) as ContextResponse).outcome).toBe('unavailable');
      expect(`${query.stdout}${query.stderr}`).not.toContain(server.password);
      expect(storeBytes(home).includes(server.password)).toBe(false);
    });

    it.each([false, true])('names a ?password= in the URI as the problem without printing it (json %s)', async (json) => {
      const uri = `${server.uri}?password=${encodeURIComponent(server.password)}`;
      const run = await runLens(['connect', ...(json ? ['--json'] : [])], { LENS_HOME: home, NEO4J_URI: uri });
      expect(run.code).toBe(2);
      const printed = json ? run.stdout : run.stderr;
      expect(printed).toContain('carries a credential in its query (password)');
      expect(printed).toContain('?password=***');
      expect(printed).not.toMatch(/\n\s+at /);
      expect(`${run.stdout}${run.stderr}`).not.toContain(server.password);
    });
  },
);
