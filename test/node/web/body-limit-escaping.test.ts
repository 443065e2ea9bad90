// Browser mode's body limit against the fields it carries: a body is its input written as JSON, and
// JSON writes a quote, backslash, line break or tab of a text as two bytes. With the limit at 2 MB,
// a JSON golden set of 1,945,817 bytes (under its 2,032 KB cap) was a body of 2,281,864 and was
// refused as "The request body is larger than 2 MB", and trace bundles near 1.8 MB were too: a file
// the screen allowed, refused by the transport. Each text within its own cap now reaches its own check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../electron/web/request-body';
import { GOLDEN_SET_MAX_BYTES } from '../../../shared/eval/golden-set';
import { MAX_IMPORT_BUNDLE_BYTES } from '../../../shared/trace-import';
import { escapedSizeProblem, MAX_ESCAPED_TEXT_BYTES } from '../../../shared/escaped-size';
import { wordCore } from '../../../shared/core-catalogues';
import { buildRunRecord } from '../../support/run-record-factory';
import { openBothDoors, type BothDoors } from '../../support/both-doors';

/** `text` padded to exactly `bytes` bytes of UTF-8 with `filler` (one ASCII character) before its last line. */
function paddedTo(bytes: number, text: string, lastLine: string, filler: string): string {
  const room = bytes - Buffer.byteLength(text) - Buffer.byteLength(lastLine);
  return `${text}${filler.repeat(room)}${lastLine}`;
}

/**
 * A JSON golden set as an engineer writes one (indented, each question with its expected documents),
 * about `bytes` bytes, whose last question has no `expected`: the set's own check names it, so an
 * answer that names it shows the whole text came through.
 */
function jsonGoldenSet(bytes: number): string {
  const question = (index: number) => ({
    id: `q${index}`,
    question: `How does the "settlement" job retry after a "timeout"?\nSee ADR-${index} and the runbook's \\retry section.`,
    principal: 'u-sora',
    expected: { documents: [{ id: `adr-${index}`, grade: 3 }, `runbook-${index}`] },
  });
  const setOf = (count: number) =>
    JSON.stringify(
      {
        name: 'settlement',
        questions: [...Array.from({ length: count }, (_, index) => question(index)), { id: 'last', question: 'q', principal: 'u-sora' }],
      },
      null,
      2,
    );
  const each = Buffer.byteLength(setOf(2)) - Buffer.byteLength(setOf(1));
  return setOf(Math.floor((bytes - Buffer.byteLength(setOf(0))) / each));
}

/** A bundle of `bytes` bytes or a little under, as Export in Traces writes it (indented JSON). */
function bundleOf(bytes: number): { text: string; runs: number } {
  const textOf = (count: number) =>
    JSON.stringify(
      {
        format: 'provenance-lens-traces',
        version: 1,
        exported_at: '2026-12-01T00:00:00.000Z',
        runs: Array.from({ length: count }, (_, index) => buildRunRecord({ traceId: `t-escape-${index}`, itemCount: 8 })),
      },
      null,
      2,
    );
  const each = Buffer.byteLength(textOf(2)) - Buffer.byteLength(textOf(1));
  const runs = Math.floor((bytes - Buffer.byteLength(textOf(0))) / each) - 1;
  return { text: textOf(runs), runs };
}

describe('a text within its own cap reaches its own check over HTTP, however JSON escapes it', () => {
  let doors: BothDoors;
  beforeAll(async () => {
    doors = await openBothDoors('lens-body-escaping-');
  });
  afterAll(() => doors.close());

  it('carries a golden set at its cap made only of characters JSON doubles (the worst any YAML or JSON file escapes)', async () => {
    const head = 'name: worst\nquestions:\n  - { id: q1, question: 정산 주기, principal: u-sora, expected: {} }\n# ';
    const set = paddedTo(GOLDEN_SET_MAX_BYTES, head, '\n  - { id: q2, question: "" }\n', '"');
    const input = { content: set, file_name: 'worst.yaml' };
    expect(Buffer.byteLength(set)).toBe(GOLDEN_SET_MAX_BYTES);
    expect(Buffer.byteLength(JSON.stringify(input))).toBeGreaterThan(2 * GOLDEN_SET_MAX_BYTES - 1024);
    expect(Buffer.byteLength(JSON.stringify(input))).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const { status, envelope } = await doors.http('eval.run', input);
    expect(status).toBe(200);
    expect(envelope.ok).toBe(false);
    if (!envelope.ok)
      expect(envelope.error.message).toBe(
        'worst.yaml (line 5, column 25) questions[1].question: the question is empty; write the text to ask',
      );
  });

  it('carries a JSON golden set of 1.9 MB whose body is over 2 MB, to the set check that names its last question', async () => {
    const set = jsonGoldenSet(1_945_817);
    const body = JSON.stringify({ content: set, file_name: 'settlement.json' });
    expect(Buffer.byteLength(set)).toBeLessThan(GOLDEN_SET_MAX_BYTES);
    expect(Buffer.byteLength(body)).toBeGreaterThan(2 * 1024 * 1024);
    const { status, envelope } = await doors.http('eval.run', null, body);
    expect(status).toBe(200);
    expect(envelope.ok).toBe(false);
    if (!envelope.ok)
      expect(envelope.error.message).toMatch(/^settlement\.json \(line \d+, column 5\) questions\[\d+\]\.expected: missing/);
  });

  it('imports a trace bundle near its 1,900 KB cap whose body is over 2 MB, every run of it', async () => {
    const bundle = bundleOf(MAX_IMPORT_BUNDLE_BYTES);
    const body = JSON.stringify({ content: bundle.text, file_name: 'runs.json' });
    expect(Buffer.byteLength(body)).toBeGreaterThan(2 * 1024 * 1024);
    const { status, envelope } = await doors.http('traces.import', null, body);
    expect(status).toBe(200);
    expect(envelope).toMatchObject({ ok: true, value: { imported: bundle.runs, already_present: 0, refused: [] } });
  });

  it('a text of raw control characters (six bytes each as JSON) is refused by the screens naming the file just where the door would answer 413', async () => {
    // The most control characters whose JSON fits the screens' budget, and one more.
    const fits = '\u0001'.repeat((MAX_ESCAPED_TEXT_BYTES - 2) / 6);
    const over = `${fits}\n${'\u0002'.repeat(1400)}`;
    expect(Buffer.byteLength(JSON.stringify(fits))).toBe(MAX_ESCAPED_TEXT_BYTES);
    expect(Buffer.byteLength(over)).toBeLessThan(MAX_IMPORT_BUNDLE_BYTES);
    const fileName = `${'n'.repeat(295)}.json`;
    expect(escapedSizeProblem(fileName, fits)).toBeNull();
    // What the screen lets through reaches the bundle's own check, with the longest file name a request takes.
    const carried = await doors.http('traces.import', { content: fits, file_name: fileName });
    expect(carried.status).toBe(200);
    expect(carried.envelope).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('is not JSON: U+0001 at line 1, column 1 cannot stand there.') },
    });
    // What it refuses, the door could only refuse as a body over 4 MB.
    const sent = await doors.http('traces.import', { content: over, file_name: 'runs.json' });
    expect(sent.status).toBe(413);
    const refused = escapedSizeProblem('runs.json', over);
    expect(refused?.message).toBe(
      `runs.json holds ${(MAX_ESCAPED_TEXT_BYTES - 2) / 6 + 1400} control characters (the first on line 1), which neither YAML nor JSON lets a file hold raw; a request writes each as six bytes, so the file would be sent as 4097 KB, more than the 4088 KB the app takes at once, and it was not sent.`,
    );
    expect(refused?.hint).toBe(
      'Remove the control characters, or save the file again as plain UTF-8 text from the tool that wrote it, then pick it again.',
    );
    expect(wordCore(refused!.said!, 'ko')).toContain('runs.json에는 YAML과 JSON 모두 파일에 그대로 둘 수 없는 제어 문자가');
    // A golden set at its cap made of characters JSON doubles still passes the screens' check.
    expect(escapedSizeProblem('worst.yaml', '"'.repeat(GOLDEN_SET_MAX_BYTES))).toBeNull();
  });

  it('still refuses a body over its limit with 413 naming the limit', async () => {
    const { status, envelope } = await doors.http(
      'eval.run',
      null,
      JSON.stringify({ content: '"'.repeat(MAX_BODY_BYTES), file_name: 'x.yaml' }),
    );
    expect(status).toBe(413);
    expect(envelope).toMatchObject({
      ok: false,
      error: { message: 'The request body is larger than 4 MB, so it was not read.', hint: 'Send less at once.' },
    });
  });
});
