// A document title of one 10,000-character word (anyone's graph data) printed whole on its item's
// line in each of lens query, compare, adr list and traces show: the line wrapped over a screen or
// more and pushed the lines around it out of sight. Each shows the title's start and its length.
import { describe, expect, it } from 'vitest';
import type { AdrEntry } from '../../../shared/adr-marks';
import { assembleComparison, comparisonRun } from '../../../shared/compare/assemble-comparison';
import type { RunRecord } from '../../../shared/trace-record';
import { formatAdrList } from '../../../electron/cli/commands/adr-format';
import { formatComparison } from '../../../electron/cli/commands/compare-format';
import { formatResponse } from '../../../electron/cli/commands/query-command';
import { formatRunDetail } from '../../../electron/cli/commands/traces-command';
import { MAX_SHOWN_TITLE, shownTitle } from '../../../electron/cli/terminal-text';
import { buildRunRecord } from '../../support/run-record-factory';

/** 10,000 characters, Korean syllables and an emoji of two UTF-16 units as the 200th. */
const LONG = `ADR-902: ${'정'.repeat(MAX_SHOWN_TITLE - 10)}😀${'W'.repeat(10_000 - MAX_SHOWN_TITLE)}`;
const LENGTH = [...LONG].length;
const SHOWN = `${[...LONG].slice(0, MAX_SHOWN_TITLE).join('')}… (${LENGTH} characters; --json gives it whole)`;

function runTitled(title: string): RunRecord {
  const run = buildRunRecord({ itemCount: 1 });
  const [item] = run.response.items;
  return { ...run, response: { ...run.response, items: [{ ...item!, title }] } };
}

const longestLine = (text: string) => Math.max(...text.split('\n').map((line) => line.length));

describe('a very long document title on a terminal', () => {
  it('shows up to 200 characters whole, and of a longer one its start (no character cut in half) and its length', () => {
    const exact = 'x'.repeat(MAX_SHOWN_TITLE);
    expect(shownTitle(exact)).toBe(exact);
    expect(shownTitle(LONG)).toBe(SHOWN);
    expect(SHOWN).toContain('정😀… (10000 characters');
  });

  it('lens query shows it so on its item line', () => {
    const printed = formatResponse(runTitled(LONG).response, 'u-minjun');
    expect(printed).toContain(`[current] ${SHOWN}  (`);
    expect(longestLine(printed)).toBeLessThan(400);
  });

  it('lens traces show too', () => {
    const printed = formatRunDetail(runTitled(LONG));
    expect(printed).toContain(`] ${SHOWN}: `);
    expect(longestLine(printed)).toBeLessThan(400);
  });

  it('lens compare too', () => {
    const run = comparisonRun(runTitled(LONG));
    const printed = formatComparison(
      assembleComparison(
        { id: 'cmp-1', createdAt: new Date('2026-11-30T10:00:00.000Z') },
        'principals',
        [run, run],
        { state: 'checked', leaks: [], nodes_checked: 1, access: [] },
        0.9,
      ),
    );
    expect(printed).toContain(SHOWN);
    expect(longestLine(printed)).toBeLessThan(400);
  });

  it('lens adr list too', () => {
    const adr: AdrEntry = {
      document_id: 'adr-902',
      adr_id: 'ADR-902',
      title: LONG,
      status: 'accepted',
      status_text: 'Accepted',
      decided_at: null,
      dated_by: null,
      freshness: { state: 'current', reason: 'accepted, not superseded' },
      superseded_by: [],
      drift: false,
      mark: null,
      suggestions: [],
    };
    const printed = formatAdrList({ adrs: [adr], truncated: false });
    expect(printed).toContain(`CURRENT ${SHOWN}\n`);
    expect(longestLine(printed)).toBeLessThan(400);
  });
});

// Text is escaped before it is cut to fit a line, and a cut by UTF-16 units fell inside an escape:
// 238 letters then tag characters showed as `aaa…a\u{e0069}\u…` in lens query (`\u` and half of the next escape).
describe('long text holding escapes, cut to fit a line', () => {
  const tags = (word: string) => [...word].map((letter) => String.fromCodePoint(0xe0000 + letter.charCodeAt(0))).join('');
  /** Every backslash of `line` begins a whole escape. */
  const halfEscapes = (line: string) => line.replace(/\\x[0-9a-f]{2}|\\u\{[0-9a-f]{5,6}\}|\\u[0-9a-f]{4}/g, '').match(/\\/g) ?? [];

  it('lens query shows an item’s first 240 characters, each escape whole, then …', () => {
    const run = buildRunRecord({ itemCount: 1 });
    const content = `${'a'.repeat(238)}${tags('ignore')} and more`;
    const printed = formatResponse({ ...run.response, items: [{ ...run.response.items[0]!, content }] }, 'u-minjun');
    const line = printed.split('\n').find((text) => text.startsWith('   aaa'))!;
    expect(line).toBe(`   ${'a'.repeat(238)}\\u{e0069}\\u{e0067}…`);
    expect(halfEscapes(line)).toEqual([]);
  });

  it('lens traces show cuts an item’s content between whole escapes, and a title too', () => {
    const run = runTitled(`${'T'.repeat(MAX_SHOWN_TITLE - 1)}${tags('xy')}`);
    const [item] = run.response.items;
    const withContent = { ...run, response: { ...run.response, items: [{ ...item!, content: `${'c'.repeat(78)}\u202e\u202e\u202e` }] } };
    const printed = formatRunDetail(withContent);
    expect(printed).toContain(`${'c'.repeat(78)}\\u202e…`);
    expect(printed).toContain(`${'T'.repeat(MAX_SHOWN_TITLE - 1)}\\u{e0078}… (${MAX_SHOWN_TITLE + 1} characters`);
    for (const line of printed.split('\n')) expect(halfEscapes(line)).toEqual([]);
  });
});

describe('a document title the graph holds as a list or a number, on lens query', () => {
  it('says so beside the title on the item line, and nothing beside a text title', () => {
    const listed = runTitled('Payments DB failover, 결제 DB 장애 조치');
    const list = { ...listed.response, items: listed.response.items.map((item) => ({ ...item, title_held_as: 'list' as const })) };
    expect(formatResponse(list, 'u-sora')).toContain('[current] Payments DB failover, 결제 DB 장애 조치 [title is a list in the graph]  (');
    const numbered = runTitled('20260412');
    const number = { ...numbered.response, items: numbered.response.items.map((item) => ({ ...item, title_held_as: 'number' as const })) };
    expect(formatResponse(number, 'u-sora')).toContain('[current] 20260412 [title is a number in the graph]  (');
    expect(formatResponse(runTitled('Payments DB failover').response, 'u-sora')).not.toContain('in the graph]');
  });
});
