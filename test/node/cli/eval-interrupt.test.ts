import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../../support/test-env';
import type { JobStatus } from '../../../shared/api/lens-api';
import { codedError } from '../../../shared/coded-error';
import { evalMessage } from '../../../shared/eval/eval-messages';
import { EXIT_CODES, reportError } from '../../../electron/cli/cli-output';
import { waitForEvaluation } from '../../../electron/cli/commands/eval-command';
import type { CliDoor } from '../../../electron/cli/cli-door';

afterEach(() => vi.restoreAllMocks());

/**
 * A door whose evaluation job runs until `jobs.cancel` names it, then ends as the runner ends a
 * stopped evaluation: a `cancelled` error saying how many runs were done.
 */
function doorWithRunningJob(): { door: Pick<CliDoor, 'call' | 'waitForJob'>; cancelled: string[] } {
  const cancelled: string[] = [];
  let stop: (error: unknown) => void = () => undefined;
  const job = new Promise<JobStatus>((_resolve, reject) => (stop = reject));
  const door = {
    call: (async (name: string, input: { job_id: string }) => {
      if (name !== 'jobs.cancel') throw new Error(`unexpected call ${name}`);
      cancelled.push(input.job_id);
      stop(codedError('cancelled', evalMessage('stopped', { done: 3, total: 110 })));
      return { job_id: input.job_id, state: 'running', events: [] };
    }) as CliDoor['call'],
    waitForJob: (() => job) as CliDoor['waitForJob'],
  };
  return { door, cancelled };
}

describe('Ctrl+C during lens eval', () => {
  it('stops the evaluation’s job as lens query stops its run, says so, and ends in a cancelled error naming what was done (exit 130)', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const { door, cancelled } = doorWithRunningJob();
    const before = process.listenerCount('SIGINT');
    const waiting = waitForEvaluation(door, 'job-7', () => undefined);
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    process.emit('SIGINT');
    const error = await waiting.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(cancelled).toEqual(['job-7']);
    expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toContain('Stopping the evaluation… (Ctrl+C again to quit at once)');
    // The handler is gone once the job has ended, so a later Ctrl+C is the shell's again.
    expect(process.listenerCount('SIGINT')).toBe(before);
    stderr.mockClear();
    expect(reportError(error, false)).toBe(EXIT_CODES.cancelled);
    expect(EXIT_CODES.cancelled).toBe(130);
    expect(stderr.mock.calls.map(([text]) => String(text)).join('')).toContain(
      'error (cancelled): The evaluation was stopped as asked, after 3 of 110 runs; no report was stored (run it again for one)',
    );
  });
});

describe('Ctrl+C during lens eval, the real command', () => {
  it('prints that it stopped and what was done, and exits 130, even while the graph has not answered yet', async () => {
    // A server that accepts the connection and never speaks Bolt: the evaluation is still asking for the principals.
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lens-eval-interrupt-'));
    const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('NEO4J_') && key !== 'LENS_HOME'));
    const env = { ...base, LENS_HOME: home, NEO4J_URI: `bolt://127.0.0.1:${(server.address() as AddressInfo).port}`, NEO4J_PASSWORD: 'x' };
    const set = path.join(REPO_ROOT, 'resources', 'eval', 'demo-golden-set.yaml');
    try {
      const child = spawn(process.execPath, [path.join(REPO_ROOT, 'electron', 'cli', 'lens.mjs'), 'eval', '--set', set], {
        cwd: REPO_ROOT,
        env,
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.resume();
      // Interrupt once the evaluation's job has started (its first progress or the set read: a second is plenty).
      const interrupt = setTimeout(() => child.kill('SIGINT'), 3000);
      const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.on('close', (code, signal) => resolve({ code, signal })),
      );
      clearTimeout(interrupt);
      expect(ended, stderr).toEqual({ code: 130, signal: null });
      expect(stderr).toContain('Stopping the evaluation… (Ctrl+C again to quit at once)');
      expect(stderr).toMatch(/^error \(cancelled\): The evaluation was stopped as asked, after 0 of 220 runs; no report was stored/m);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(home, { recursive: true, force: true });
    }
  }, 90_000);
});
