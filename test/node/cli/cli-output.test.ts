import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ErrorKind, LensError } from '../../../shared/lens-error';
import { EXIT_CODES, printJson, reportError, terminalProgress } from '../../../electron/cli/cli-output';
import { progressEvent } from '../../../shared/progress-messages';
import { terminalControlsIn } from '../../support/terminal-controls';

describe('reportError', () => {
  let stderr: MockInstance<typeof process.stderr.write>;
  let stdout: MockInstance<typeof process.stdout.write>;

  beforeEach(() => {
    stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const written = (spy: MockInstance<typeof process.stderr.write>): string => spy.mock.calls.map((call) => String(call[0])).join('');

  it.each([
    ['internal', 1],
    ['invalid_input', 2],
    ['refused', 3],
    ['unavailable', 4],
    ['timeout', 5],
    ['not_found', 6],
    ['environment', 7],
    ['conflict', 8],
    ['io', 9],
  ] as const)('returns exit code %s → %i', (kind, code) => {
    expect(reportError(new LensError(kind, 'x'), false)).toBe(code);
  });

  it('gives every error kind its own exit code', () => {
    const codes = ErrorKind.options.map((kind) => EXIT_CODES[kind]);
    expect(new Set(codes).size).toBe(ErrorKind.options.length);
  });

  it('prints the kind, the message and a "what to do:" hint on stderr, nothing on stdout', () => {
    reportError(new LensError('unavailable', 'Neo4j does not answer.', { hint: 'Run lens neo4j start.' }), false);
    expect(written(stderr)).toBe('error (unavailable): Neo4j does not answer.\n  what to do: Run lens neo4j start.\n');
    expect(stdout).not.toHaveBeenCalled();
  });

  it('prints no hint line when the error has no hint', () => {
    reportError(new LensError('timeout', 'Too slow.'), false);
    expect(written(stderr)).toBe('error (timeout): Too slow.\n');
  });

  it('prints the detail indented with a bar on every line', () => {
    reportError(new LensError('environment', 'Maven failed.', { detail: 'line one\nline two' }), false);
    expect(written(stderr)).toContain('  | line one\n  | line two\n');
  });

  it('prints { error: { kind, message, hint } } as JSON on stdout in JSON mode, nothing on stderr', () => {
    const code = reportError(new LensError('conflict', 'Port 17687 is in use.', { hint: 'Use --port 17688.' }), true);
    expect(code).toBe(8);
    expect(JSON.parse(written(stdout))).toEqual({
      error: { kind: 'conflict', message: 'Port 17687 is in use.', hint: 'Use --port 17688.' },
    });
    expect(stderr).not.toHaveBeenCalled();
  });

  it('reports an error that is not a LensError as internal with exit code 1', () => {
    expect(reportError(new TypeError('x is undefined'), false)).toBe(1);
    expect(written(stderr)).toMatch(/^error \(internal\): TypeError: x is undefined/);
  });

  it('prints no stack trace for an internal error, only its message and how to see more', () => {
    reportError(new TypeError('x is undefined'), false, {});
    const printed = written(stderr);
    expect(printed).toBe(
      'error (internal): TypeError: x is undefined\n  what to do: This is a bug in Provenance Lens. Run the command again with LENS_DEBUG=1 to see where it happened, and report it.\n',
    );
    expect(printed).not.toMatch(/\n\s+at /);
  });

  it('prints the stack trace of an internal error with LENS_DEBUG=1, in both outputs', () => {
    const error = new TypeError('x is undefined');
    reportError(error, false, { LENS_DEBUG: '1' });
    for (const line of error.stack?.split('\n') ?? ['missing stack']) expect(written(stderr)).toContain(`  | ${line}\n`);
    reportError(error, true, { LENS_DEBUG: '1' });
    expect((JSON.parse(written(stdout)) as { error: { detail: string } }).error.detail).toBe(error.stack);
  });

  it.each([false, true])('masks a password in a URI the driver quoted in an internal error (json %s), stack included', (json) => {
    const error = new Error("Parameters are not supported with none routed scheme. Given URL: 'bolt://127.0.0.1:1?password=hunter2-Kq'");
    reportError(error, json, { LENS_DEBUG: '1' });
    const printed = written(json ? stdout : stderr);
    expect(printed).not.toContain('hunter2-Kq');
    expect(printed).toContain('password=***');
  });

  it.each([false, true])('masks credentials in the message, hint and detail of a LensError (json %s)', (json) => {
    const secretUri = 'bolt://neo4j:hunter2-Kq@db.example:7687';
    reportError(
      new LensError('unavailable', `Neo4j at ${secretUri} is unreachable.`, {
        hint: `Check ${secretUri}.`,
        detail: `connect ECONNREFUSED ${secretUri}`,
      }),
      json,
    );
    const printed = written(json ? stdout : stderr);
    expect(printed).not.toContain('hunter2-Kq');
    expect(printed.match(/bolt:\/\/\*\*\*@db\.example:7687/g)).toHaveLength(3);
  });

  it("escapes control characters and bidi overrides in an error for a person, keeping the detail's lines", () => {
    reportError(
      new LensError('not_found', 'no run with trace id \x1b]0;pwned\x07\u202e', { detail: 'line one\x1b[2J\nline two\r' }),
      false,
    );
    expect(written(stderr)).toBe(
      'error (not_found): no run with trace id \\x1b]0;pwned\\x07\\u202e\n  | line one\\x1b[2J\n  | line two\\x0d\n',
    );
  });

  it('escapes an invisible character in an error, so an id that holds one does not print as another', () => {
    reportError(new LensError('invalid_input', 'Unknown principal "u-guest\u200b" (\u2060\ufeff)'), false);
    expect(written(stderr)).toBe('error (invalid_input): Unknown principal "u-guest\\u200b" (\\u2060\\ufeff)\n');
  });

  it('reports a thrown non-Error value as internal in JSON mode', () => {
    expect(reportError('plain string', true)).toBe(1);
    expect(JSON.parse(written(stdout))).toEqual({ error: { kind: 'internal', message: 'plain string' } });
  });

  it('treats an error named LensError from another module copy as a LensError', () => {
    const foreign = Object.assign(new Error('copied'), { name: 'LensError', kind: 'refused', hint: undefined, detail: undefined });
    expect(reportError(foreign, false)).toBe(3);
  });
});

describe('printJson', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prints indented JSON with a final newline on stdout', () => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    printJson({ a: 1 });
    expect(stdout).toHaveBeenCalledWith('{\n  "a": 1\n}\n');
  });

  it('writes no raw control, C1 or bidi character, and parses back to the very same value', () => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const value = { query: 'a\x1b]0;pwned\x07b\x1b[2J\r\u009b31m\u202egnp.exe\u2028\u2066x\u2069' };
    printJson(value);
    const text = String(stdout.mock.calls[0]?.[0]);
    expect(terminalControlsIn(text)).toEqual([]);
    expect(JSON.parse(text)).toStrictEqual(value);
  });
});

describe('terminalProgress', () => {
  // The folder as typed to `lens demo load --docs`, with a sequence that would clear the screen and a line break.
  const event = progressEvent('read', 'read_folder', { folder: '/tmp/docs\x1b[2J\u202eevil\nnext' });

  it.each([false, true])(
    'escapes the control characters of a step that quotes a typed path (a terminal: %s), as the summary does',
    (isTTY) => {
      let out = '';
      const stream = { isTTY, columns: 200, write: (chunk: string) => ((out += chunk), true) } as unknown as NodeJS.WriteStream;
      const progress = terminalProgress(stream);
      progress(event);
      progress.done();
      // A terminal's line is rewritten in place by the sink's own \r and erase-line sequence; nothing else may act on it.
      const printed = out.replaceAll('\r\x1b[2K', '');
      expect(terminalControlsIn(printed)).toEqual([]);
      expect(printed).toBe('Reading /tmp/docs\\x1b[2J\\u202eevil next…\n');
    },
  );
});
