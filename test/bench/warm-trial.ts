// One trial of `npm run bench:warm`, in a process of its own (a fresh start, as the CLI and the app
// make): connect through a new ServiceHub (new driver, new services), with or without the warm-up
// at connect, then time the first query per mode and principal, then warm ones. JSON on stdout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { RetrievalMode } from '../../shared/context-contract';
import { runContextRequest } from '../../electron/retrieval/context-pipeline';
import { ServiceHub } from '../../electron/services/service-hub';
import { runBench } from './bench-report';

/** What a trial prints: connect time, the warm-up's, and each request's latency by `mode/principal`. */
export interface TrialResult {
  readonly warmup: boolean;
  readonly connect_ms: number;
  readonly warmup_ms: number | null;
  readonly warmup_report: unknown;
  readonly first: Record<string, number>;
  readonly warm: Record<string, number[]>;
  readonly outcomes: Record<string, string>;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      warmup: { type: 'string' },
      modes: { type: 'string' },
      principals: { type: 'string' },
      queries: { type: 'string' },
      'warm-rounds': { type: 'string' },
    },
    strict: true,
  });
  const modes = String(values.modes).split(',') as RetrievalMode[];
  const principals = String(values.principals).split(',');
  const queries = JSON.parse(String(values.queries)) as string[];
  const rounds = Number(values['warm-rounds']);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-warm-bench-'));
  const hub = new ServiceHub({ ...process.env, LENS_HOME: home }, undefined, undefined, { warmOnConnect: values.warmup === 'on' });
  try {
    const connectStarted = performance.now();
    const services = hub.services();
    const connect_ms = performance.now() - connectStarted;
    // The warm-up runs in the background; a user's first query comes after it here (the table says how long it took).
    const warmupStarted = performance.now();
    const warmup_report = await hub.warmup();
    const warmup_ms = warmup_report ? performance.now() - warmupStarted : null;
    const first: Record<string, number> = {};
    const warm: Record<string, number[]> = {};
    const outcomes: Record<string, string> = {};
    let next = 0;
    const time = async (mode: RetrievalMode, principal: string) => {
      const started = performance.now();
      const { response } = await runContextRequest(
        { query: queries[next++ % queries.length], principal, mode, top_k: 10, max_tokens: 200_000, timeout_ms: 120_000 },
        services.deps,
      );
      outcomes[`${mode}/${principal}`] = response.outcome;
      return performance.now() - started;
    };
    for (const principal of principals) for (const mode of modes) first[`${mode}/${principal}`] = await time(mode, principal);
    for (let round = 0; round < rounds; round++)
      for (const principal of principals) for (const mode of modes) (warm[`${mode}/${principal}`] ??= []).push(await time(mode, principal));
    const result: TrialResult = { warmup: values.warmup === 'on', connect_ms, warmup_ms, warmup_report, first, warm, outcomes };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await hub.close();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

runBench(main);
