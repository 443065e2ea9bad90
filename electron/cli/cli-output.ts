import { isLensError, type ErrorKind } from '../../shared/lens-error';
import type { ProgressSink } from '../../shared/progress-event';

/** Exit codes per error kind, distinct so scripts can tell an outage from a refusal. */
export const EXIT_CODES: Record<ErrorKind, number> = {
  internal: 1,
  invalid_input: 2,
  refused: 3,
  unavailable: 4,
  timeout: 5,
  not_found: 6,
  environment: 7,
  conflict: 8,
  io: 9,
};

/** Prints an error for a person (stderr) or as JSON (stdout), and returns the exit code. */
export function reportError(error: unknown, json: boolean): number {
  if (!isLensError(error)) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    if (json) process.stdout.write(`${JSON.stringify({ error: { kind: 'internal', message } }, null, 2)}\n`);
    else process.stderr.write(`error (internal): ${message}\n`);
    return EXIT_CODES.internal;
  }
  if (json) {
    process.stdout.write(`${JSON.stringify({ error: error.toData() }, null, 2)}\n`);
  } else {
    process.stderr.write(`error (${error.kind}): ${error.message}\n`);
    if (error.hint) process.stderr.write(`  what to do: ${error.hint}\n`);
    if (error.detail) process.stderr.write(`${error.detail.replace(/^/gm, '  | ')}\n`);
  }
  return EXIT_CODES[error.kind];
}

/** Prints a value as JSON on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Progress on stderr: one rewritten line on a terminal, throttled plain lines otherwise
 * (CI logs), so a long Maven download never looks like a hang.
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): ProgressSink & { done(): void } {
  let lastPrinted = 0;
  let lastPhase = '';
  let open = false;
  const sink = (event: { phase: string; message: string; fraction?: number }) => {
    const now = Date.now();
    if (stream.isTTY) {
      const line = event.message.slice(0, Math.max(20, (stream.columns ?? 100) - 1));
      stream.write(`\r\x1b[2K${line}`);
      open = true;
      if (event.fraction === 1) {
        stream.write('\n');
        open = false;
      }
      return;
    }
    if (event.phase !== lastPhase || event.fraction === 1 || now - lastPrinted > 5_000) {
      stream.write(`${event.message}\n`);
      lastPrinted = now;
      lastPhase = event.phase;
    }
  };
  return Object.assign(sink, {
    done() {
      if (open) stream.write('\n');
      open = false;
    },
  });
}
