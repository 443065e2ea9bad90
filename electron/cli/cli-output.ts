import { isLensError, type ErrorKind, type LensErrorData } from '../../shared/lens-error';
import { redactSecretsInText } from '../../shared/redact-uri';
import type { ProgressSink } from '../../shared/progress-event';
import { terminalJson, terminalLine } from './terminal-text';
import { wordCliMessage } from '../../shared/cli-messages';

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
  // The shells' code for a process ended by SIGINT (128 + 2): a cancelled run exits as Ctrl+C does.
  cancelled: 130,
};

/** Set to 1 to see where an internal error happened: stack traces are never printed otherwise. */
const DEBUG_VARIABLE = 'LENS_DEBUG';

/**
 * Prints an error for a person (stderr) or as JSON (stdout), and returns the exit code. Every text is
 * shown with the credentials of any URI in it masked (a driver message may quote the URI), and on a
 * terminal with control characters escaped. An error that is not a LensError is a bug: its message
 * is printed, its stack trace only with LENS_DEBUG=1, since people paste these outputs into tickets.
 */
export function reportError(error: unknown, json: boolean, env: NodeJS.ProcessEnv = process.env): number {
  const data = isLensError(error)
    ? { kind: error.kind, message: error.message, hint: error.hint, detail: error.detail }
    : internalErrorData(error, env[DEBUG_VARIABLE] === '1');
  const safe: LensErrorData = { kind: data.kind, message: redactSecretsInText(data.message) };
  if (data.hint) safe.hint = redactSecretsInText(data.hint);
  if (data.detail) safe.detail = redactSecretsInText(data.detail);
  if (json) {
    process.stdout.write(`${terminalJson({ error: safe })}\n`);
  } else {
    process.stderr.write(`error (${safe.kind}): ${terminalLine(safe.message)}\n`);
    if (safe.hint) process.stderr.write(`  ${wordCliMessage('hint_line', { hint: terminalLine(safe.hint) })}\n`);
    if (safe.detail)
      process.stderr.write(
        `${safe.detail
          .split('\n')
          .map((line) => `  | ${terminalLine(line)}`)
          .join('\n')}\n`,
      );
  }
  return EXIT_CODES[safe.kind];
}

/** The wire form of an unexpected error: its name and message, and its stack trace only when asked for. */
function internalErrorData(error: unknown, withStack: boolean): LensErrorData {
  if (!(error instanceof Error)) return { kind: 'internal', message: String(error) };
  const data: LensErrorData = { kind: 'internal', message: `${error.name}: ${error.message}` };
  if (withStack && error.stack) data.detail = error.stack;
  else data.hint = wordCliMessage('internal_hint', { variable: DEBUG_VARIABLE });
  return data;
}

/** Warns on stderr that the trace store opened damaged (read-only), before a command prints anything it read. */
export function warnIfStoreDamaged(store: { readonly damage: string | null }): void {
  if (store.damage) process.stderr.write(`warning: ${terminalLine(store.damage)}\n`);
}

/** Prints a value as JSON on stdout, with the characters that could act on a terminal escaped. */
export function printJson(value: unknown): void {
  process.stdout.write(`${terminalJson(value)}\n`);
}

/**
 * Progress on stderr: one rewritten line on a terminal, throttled plain lines otherwise
 * (CI logs), so a long Maven download never looks like a hang. Each line is escaped as the
 * summaries are (`terminalLine`): a step quotes the folder or file typed (`lens demo load --docs`),
 * whose control characters would otherwise act on the terminal.
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): ProgressSink & { done(): void } {
  let lastPrinted = 0;
  let lastPhase = '';
  let open = false;
  const sink = (event: { phase: string; message: string; fraction?: number }) => {
    const now = Date.now();
    const message = terminalLine(event.message);
    if (stream.isTTY) {
      const line = message.slice(0, Math.max(20, (stream.columns ?? 100) - 1));
      stream.write(`\r\x1b[2K${line}`);
      open = true;
      if (event.fraction === 1) {
        stream.write('\n');
        open = false;
      }
      return;
    }
    if (event.phase !== lastPhase || event.fraction === 1 || now - lastPrinted > 5_000) {
      stream.write(`${message}\n`);
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
