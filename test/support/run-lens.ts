import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './test-env';

/** What one `lens` run printed and returned. */
export interface LensRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node <nodeArgs>` from the repository root with `env` on top of a clean environment (no NEO4J_* or LENS_HOME leak in). */
export async function runNode(
  nodeArgs: readonly string[],
  env: Record<string, string> = {},
  timeoutMs = 120_000,
  name = `node ${nodeArgs.join(' ')}`,
): Promise<LensRun> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('NEO4J_') && key !== 'LENS_HOME'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgs, { cwd: REPO_ROOT, env: { ...base, ...env } });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not finish within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** Runs the real `lens` bin as a user would, with `env` on top of a clean environment (no NEO4J_* leak in). */
export function runLens(args: readonly string[], env: Record<string, string> = {}, timeoutMs = 120_000): Promise<LensRun> {
  return runNode([path.join(REPO_ROOT, 'electron', 'cli', 'lens.mjs'), ...args], env, timeoutMs, `lens ${args.join(' ')}`);
}
