import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ErrorKind, LensError } from '../../../shared/lens-error';
import { EXIT_CODES, printJson, reportError } from '../../../electron/cli/cli-output';

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
    expect(JSON.parse(written(stdout))).toEqual({ error: { kind: 'conflict', message: 'Port 17687 is in use.', hint: 'Use --port 17688.' } });
    expect(stderr).not.toHaveBeenCalled();
  });

  it('reports an error that is not a LensError as internal with exit code 1', () => {
    expect(reportError(new TypeError('x is undefined'), false)).toBe(1);
    expect(written(stderr)).toMatch(/^error \(internal\): TypeError: x is undefined/);
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
});
