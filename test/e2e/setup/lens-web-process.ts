import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** A running `lens web`: the URL it printed (with its token) and the process. */
export interface LensWebProcess {
  readonly url: string;
  readonly process: ChildProcess;
}

/**
 * Starts `lens web` on `port` over LENS_HOME `home` with `env` added, and waits for the URL it prints.
 * `root` is the checkout whose `lens` runs (the renderer bench runs a baseline checkout's too).
 */
export async function startLensWeb(home: string, port: number, env: NodeJS.ProcessEnv = {}, root = ROOT): Promise<LensWebProcess> {
  const web = spawn(process.execPath, [path.join(root, 'electron', 'cli', 'lens.mjs'), 'web', '--port', String(port)], {
    cwd: root,
    env: { ...process.env, LENS_HOME: home, NEO4J_URI: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`lens web did not print its URL:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    web.stdout.on('data', onData);
    web.stderr.on('data', onData);
    web.once('exit', (code) => reject(new Error(`lens web exited (${code}):\n${output}`)));
  });
  return { url, process: web };
}
