import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lensProgram, main } from '../../../electron/cli/lens-cli';
import { CliUsageError } from '../../../electron/cli/usage-errors';
import { wordCore } from '../../../shared/core-catalogues';

const HANGUL = /[\uac00-\ud7a3]/;

/** Runs `lens …` in this process: its exit code and what it wrote. */
async function lens(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    const code = await main(['node', 'lens', ...args]);
    return { code, stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

/** The refusal commander's parse of `lens …` ends in (the program built as main builds it). */
async function refusal(...args: string[]): Promise<CliUsageError> {
  const argv = ['node', 'lens', ...args];
  const program = await lensProgram(argv);
  const error: unknown = await program.parseAsync(argv).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof CliUsageError)) throw new Error(`expected a CliUsageError, got ${String(error)}`);
  return error;
}

describe("commander's argument errors as message codes", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it.each([
    [['frobnicate'], 'cli_unknown_command', { name: 'frobnicate', command: 'lens' }, '`lens` has no command frobnicate.', 'lens --help'],
    [
      ['quer'],
      'cli_unknown_command_near',
      { name: 'quer', command: 'lens', near: 'query' },
      '`lens` has no command quer; did you mean query?',
      'lens --help',
    ],
    [
      ['query', 'x', '--as', 'u', '--bogus'],
      'cli_unknown_option',
      { option: '--bogus', command: 'lens query' },
      '`lens query` has no option --bogus.',
      'lens query --help',
    ],
    [
      ['query', 'x', '--as', 'u', '--top-kk', '3'],
      'cli_unknown_option_near',
      { option: '--top-kk', command: 'lens query', near: '--top-k' },
      '`lens query` has no option --top-kk; did you mean --top-k?',
      'lens query --help',
    ],
    [
      ['explain-plan', 't1'],
      'cli_missing_argument',
      { argument: 'n', command: 'lens explain-plan' },
      '`lens explain-plan` needs its argument <n>.',
      'lens explain-plan --help',
    ],
    [
      ['query', 'x', '--as'],
      'cli_option_needs_value',
      { option: '--as <principal>', command: 'lens query' },
      'The option --as <principal> of `lens query` needs a value.',
      'lens query --help',
    ],
    [
      ['query', 'x'],
      'cli_option_required',
      { option: '--as <principal>', command: 'lens query' },
      '`lens query` needs the option --as <principal>.',
      'lens query --help',
    ],
    [
      ['connect', 'extra'],
      'cli_no_arguments',
      { command: 'lens connect', count: 1, extra: 'extra' },
      '`lens connect` takes no arguments, but got 1: extra.',
      'lens connect --help',
    ],
    [
      ['traces', 'show', 'a', 'b'],
      'cli_excess_arguments',
      { command: 'lens traces show', expected: 1, count: 2, extra: 'b' },
      '`lens traces show` takes 1 argument(s), but got 2; too many: b.',
      'lens traces show --help',
    ],
    [
      ['query', 'x', '--as', 'u', '--ranker', 'nope'],
      'cli_option_value_invalid',
      {
        option: '--ranker',
        value: 'nope',
        command: 'lens query',
        reason: [{ code: 'error_store:cli_choices_part', params: { choices: 'rrf, naive, linear' } }],
      },
      'The option --ranker of `lens query` does not take "nope": expected one of rrf, naive, linear.',
      'lens query --help',
    ],
    [
      ['query', 'x', '--as', 'u-minjun', '--as', 'u-sora'],
      'cli_option_given_twice',
      { option: '--as', first: 'u-minjun', second: 'u-sora', command: 'lens query' },
      'The option --as of `lens query` is given twice, as "u-minjun" and as "u-sora", and it takes one value: give it once.',
      'lens query --help',
    ],
    [
      ['traces', 'list', '--limit', '2', '--limit', '3'],
      'cli_option_given_twice',
      { option: '--limit', first: '2', second: '3', command: 'lens traces list' },
      'The option --limit of `lens traces list` is given twice, as "2" and as "3", and it takes one value: give it once.',
      'lens traces list --help',
    ],
    [
      ['query', 'x', '--as', 'u', '--mode', 'cypher', '--template', 't', '--param', 'k=1', '--param', 'k=2'],
      'cli_option_value_invalid',
      {
        option: '--param',
        value: 'k=2',
        command: 'lens query',
        reason: [{ code: 'error_store:arg_name_given_twice_part', params: { name: 'k', first: '1' } }],
      },
      'The option --param of `lens query` does not take "k=2": the parameter k is given already, as "1"; give each parameter once.',
      'lens query --help',
    ],
  ] as const)('lens %j: %s', async (args, code, params, english, help) => {
    const error = await refusal(...args);
    expect(error.code).toBe(code);
    expect(error.params).toEqual(params);
    const said = { code: `error_store:${code}`, params };
    expect(wordCore(said, 'en')).toBe(english);
    expect(wordCore(said, 'ko')).toMatch(HANGUL);
    const run = await lens(...args);
    // Exit 2, as README's exit codes give invalid input, and as commander's errors exited before.
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`error (invalid_input): ${english}\n  what to do: Run \`${help}\` to see what it takes.\n`);
    expect(run.stderr).not.toMatch(/^error: |unknown option '|Usage:/m);
  });

  it('keeps an option given twice with one value, a repeatable option and a list option', async () => {
    vi.stubEnv('LENS_HOME', fs.mkdtempSync(path.join(os.tmpdir(), 'lens-twice-')));
    for (const name of Object.keys(process.env)) if (name.startsWith('NEO4J_')) vi.stubEnv(name, undefined);
    const run = await lens(
      ...['query', 'x', '--as', 'u', '--as', 'u', '--top-k', '5', '--top-k', '5', '--scope-document', 'a', '--scope-document', 'b'],
      ...['--doc-type', 'adr', 'runbook', '--doc-type', 'faq'],
    );
    // Past the command line: the run needs a server, which this home has none of.
    expect(run.stderr).toMatch(/^error \(unavailable\)/);
    const param = await lens(
      'query',
      'x',
      '--as',
      'u',
      '--mode',
      'cypher',
      '--template',
      't',
      '--param',
      'k=1',
      '--param',
      'j=1',
      '--param',
      'k=1',
    );
    expect(param.stderr).toMatch(/^error \(unavailable\)/);
  });

  it("words a flag parser's own refusal from its code, so Korean says the whole sentence", async () => {
    const port = await refusal('neo4j', 'start', '--port', '99999');
    expect(port.code).toBe('cli_option_value_invalid');
    expect(port.params.reason).toEqual([
      { code: 'error_store:arg_whole_number_range_part', params: { min: 1024, max: 65535, value: '99999' } },
    ]);
    const said = { code: `error_store:${port.code}`, params: port.params };
    expect(wordCore(said, 'en')).toBe(
      'The option --port of `lens neo4j start` does not take "99999": expected a whole number from 1024 to 65535, got "99999".',
    );
    expect(wordCore(said, 'ko')).toBe(
      '`lens neo4j start`의 --port 옵션은 "99999" 값을 받지 않습니다: 1024부터 65535까지의 정수여야 합니다. 받은 값: "99999".',
    );
    const scopes = await refusal('query', 'x', '--as', 'u', '--scopes', '[1]');
    expect(wordCore({ code: `error_store:${scopes.code}`, params: scopes.params }, 'ko')).toBe(
      '`lens query`의 --scopes 옵션은 "[1]" 값을 받지 않습니다: {"services":["payments-gateway"]} 같은 JSON 객체여야 합니다.',
    );
  });

  it.each([
    [['query', 'x', '--as', 'u', '--top-k'], '0x10', 'arg_whole_number_part', {}],
    [['query', 'x', '--as', 'u', '--max-tokens'], '1e3', 'arg_whole_number_part', {}],
    [['query', 'x', '--as', 'u', '--timeout-ms'], ' 10 ', 'arg_whole_number_part', {}],
    [['query', 'x', '--as', 'u', '--hops'], '0b1', 'arg_whole_number_range_part', { min: 1, max: 2 }],
    [['traces', 'list', '--limit'], '+5', 'arg_whole_number_range_part', { min: 1, max: 10_000 }],
    [['traces', 'prune', '--keep'], '1.0', 'arg_whole_number_range_part', { min: 0, max: 100_000_000 }],
  ])(
    'refuses %j %j, a whole number only in a notation other than plain decimal digits, naming the flag and the value',
    async (args, value, code, range) => {
      const flag = args.at(-1);
      const error = await refusal(...args, value);
      expect(error.code).toBe('cli_option_value_invalid');
      expect(error.params).toMatchObject({ option: flag, value, reason: [{ code: `error_store:${code}`, params: { ...range, value } }] });
    },
  );

  it.each([
    ['--alpha', '0x1'],
    ['--alpha', '1e-1'],
    ['--min-similarity', ' 0.5 '],
    ['--min-similarity', 'Infinity'],
  ])('refuses %s %j, a number only in a notation other than plain decimal, naming the flag and the value', async (flag, value) => {
    const error = await refusal('query', 'x', '--as', 'u', '--ranker', 'linear', flag, value);
    expect(error.code).toBe('cli_option_value_invalid');
    expect(error.params).toMatchObject({ option: flag, value, reason: [{ code: 'error_store:arg_number_part', params: { value } }] });
  });

  it.each([
    ['--freshness-at', '1'],
    ['--freshness-at', 'March 5'],
    ['--valid-at', '99999-01-01'],
  ])('refuses %s %j, a date Date.parse reads but ISO 8601 does not name, before any run', async (flag, value) => {
    const error = await refusal('query', 'x', '--as', 'u', flag, value);
    expect(error.code).toBe('cli_option_value_invalid');
    expect(error.params).toMatchObject({ option: flag, value, reason: [{ code: 'error_store:arg_iso_date_part', params: { value } }] });
  });

  it.each([
    ['--freshness-at', '2024-02-30', 'arg_iso_no_such_day_part', { day: '2024-02-30' }, 'the day 2024-02-30 does not exist'],
    ['--freshness-at', '2024-13-01', 'arg_iso_no_such_day_part', { day: '2024-13-01' }, 'the day 2024-13-01 does not exist'],
    ['--valid-at', '2023-02-29T10:00:00Z', 'arg_iso_no_such_day_part', { day: '2023-02-29' }, 'the day 2023-02-29 does not exist'],
    ['--valid-at', '2026-06-30T25:00Z', 'arg_iso_no_such_time_part', { time: '25:00Z' }, 'the time 25:00Z does not exist'],
  ])('refuses %s %j, shaped as a date but naming no day or time that exists, saying so', async (flag, value, code, params, reason) => {
    const error = await refusal('query', 'x', '--as', 'u', flag, value);
    expect(error.code).toBe('cli_option_value_invalid');
    expect(error.params).toMatchObject({ option: flag, value, reason: [{ code: `error_store:${code}`, params }] });
    const said = { code: `error_store:${error.code}`, params: error.params };
    expect(wordCore(said, 'en')).toBe(`The option ${flag} of \`lens query\` does not take "${value}": ${reason}.`);
    expect(wordCore(said, 'ko')).toMatch(/(날|시각)은 없습니다\.$/);
  });

  it.each([
    [['traces', 'export', '--out', ''], '--out', 'lens traces export'],
    [['traces', 'list', '--principal', ''], '--principal', 'lens traces list'],
    [['demo', 'load', '--docs', ''], '--docs', 'lens demo load'],
    [['demo', 'load', '--ext', 'mdx', ''], '--ext', 'lens demo load'],
    [['query', 'x', '--as', 'u', '--language', ''], '--language', 'lens query'],
  ])(
    'refuses lens %j, an option given an empty value (an unset variable), before the command reads it as left out',
    async (args, option, command) => {
      // A home of its own: the code before this refusal ran the command (the demo load among them) with the value dropped.
      vi.stubEnv('LENS_HOME', fs.mkdtempSync(path.join(os.tmpdir(), 'lens-empty-flag-')));
      vi.stubEnv('NEO4J_URI', 'bolt://127.0.0.1:9');
      const error = await refusal(...args);
      expect([error.code, error.command]).toEqual(['cli_option_value_invalid', command]);
      const said = { code: `error_store:${error.code}`, params: error.params };
      expect(wordCore(said, 'en')).toBe(
        `The option ${option} of \`${command}\` does not take "": an empty value names nothing; give one, or leave the option out.`,
      );
      expect(wordCore(said, 'ko')).toMatch(HANGUL);
    },
  );

  it('prints the refusal as JSON with --json, and keeps --help and --version working', async () => {
    const json = await lens('query', 'x', '--as', 'u', '--bogus', '--json');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({
      error: {
        kind: 'invalid_input',
        message: '`lens query` has no option --bogus.',
        hint: 'Run `lens query --help` to see what it takes.',
      },
    });
    const help = await lens('query', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: lens query/);
    const version = await lens('--version');
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});
