import { describe, expect, it } from 'vitest';
import type { AdrEntry } from '../../../shared/adr-marks';
import { formatAdrList, formatHistory, formatMarkResult } from '../../../electron/cli/commands/adr-format';

function adr(overrides: Partial<AdrEntry> = {}): AdrEntry {
  return {
    document_id: 'adr-003-event-bus-kafka',
    adr_id: 'ADR-003',
    title: 'ADR-003: Use Kafka as the event bus',
    status: 'accepted',
    status_text: '✅ Accepted',
    decided_at: '2024-03-18T00:00:00Z',
    dated_by: 'decision',
    freshness: { state: 'stale', reason: 'superseded by adr-007-event-bus-redpanda' },
    superseded_by: [{ document_id: 'adr-007-event-bus-redpanda', adr_id: 'ADR-007', partial: false, drift: true }],
    drift: true,
    mark: null,
    suggestions: [],
    ...overrides,
  };
}

const entry = {
  seq: 1,
  document_id: 'adr-003-event-bus-kafka',
  action: 'mark' as const,
  reason: 'moved to Redpanda',
  successor_document_id: 'adr-007-event-bus-redpanda',
  recorded_by: 'u-jiho',
  recorded_at: '2026-11-30T09:00:00.000Z',
};

describe('lens adr output for a person', () => {
  it('lists an ADR with its status as written, freshness and reason, successors and drift', () => {
    expect(formatAdrList({ adrs: [adr()], truncated: false })).toBe(
      [
        'ADR-003    accepted          STALE   ADR-003: Use Kafka as the event bus',
        '           adr-003-event-bus-kafka, decided 2024-03-18',
        '           status as written: ✅ Accepted',
        '           freshness stale: superseded by adr-007-event-bus-redpanda',
        '           superseded by ADR-007 — drift: this record still reads as in force',
        '',
        '1 ADR: 0 current, 1 stale, 0 unknown; 0 marked stale here.',
        'Mark one stale: lens adr mark <adr> --reason "…" [--successor <adr>]',
        '',
      ].join('\n'),
    );
  });

  it('names a successor in the freshness reason as the listing names records (its ADR id), when the reason has its code', () => {
    const coded = adr({
      freshness: {
        state: 'stale',
        reason: 'superseded by adr-007-event-bus-redpanda',
        code: 'superseded_by',
        params: { successor: 'adr-007-event-bus-redpanda' },
      },
    });
    // A successor the entry does not list is named by the listing's own ADR id for it.
    const marked = adr({
      document_id: 'adr-001-x',
      adr_id: 'ADR-001',
      superseded_by: [],
      drift: false,
      freshness: {
        state: 'stale',
        reason: 'superseded by adr-003-event-bus-kafka',
        code: 'superseded_by',
        params: { successor: 'adr-003-event-bus-kafka' },
      },
    });
    const text = formatAdrList({ adrs: [coded, marked], truncated: false });
    expect(text).toContain('           freshness stale: superseded by ADR-007\n');
    expect(text).toContain('           freshness stale: superseded by ADR-003\n');
    // A reason kept without its code (a run stored before codes) is shown as written.
    expect(formatAdrList({ adrs: [adr()], truncated: false })).toContain('freshness stale: superseded by adr-007-event-bus-redpanda\n');
  });

  it('dates a record nothing was decided in as dated, not decided, and marks a partial successor', () => {
    const listed = (status: string | null) =>
      formatAdrList({ adrs: [adr({ status, superseded_by: [{ ...adr().superseded_by[0]!, partial: true }] })], truncated: false });
    for (const undecided of ['proposed', 'pending', 'unknown', null])
      expect(listed(undecided)).toContain('           adr-003-event-bus-kafka, dated 2024-03-18\n');
    for (const decided of ['accepted', 'rejected', 'deprecated', 'superseded'])
      expect(listed(decided)).toContain('           adr-003-event-bus-kafka, decided 2024-03-18\n');
    expect(listed('accepted')).toContain('           superseded by ADR-007 (partly) — drift');
  });

  it('words the date of a record dated only by its proposal as proposed, whatever its status', () => {
    for (const status of ['accepted', 'rejected', 'proposed', null]) {
      const listed = formatAdrList({ adrs: [adr({ status, dated_by: 'proposal' })], truncated: false });
      expect(listed).toContain('           adr-003-event-bus-kafka, proposed 2024-03-18\n');
      expect(listed).not.toContain('decided 2024-03-18');
    }
  });

  it('prints each suggestion with its kind in words, score, why, and every quote with its record; then the count and the cut texts', () => {
    const suggested = adr({
      superseded_by: [],
      drift: false,
      suggestions: [
        {
          kind: 'replacement_wording',
          successor: { document_id: 'adr-011-settlement-hourly', adr_id: 'ADR-011' },
          evidence: [{ document_id: 'adr-011-settlement-hourly', adr_id: 'ADR-011', quote: '이 결정은 ADR-004를 대체한다.' }],
          score: 0.823,
        },
        {
          kind: 'update_note',
          successor: null,
          evidence: [{ document_id: 'adr-003-event-bus-kafka', adr_id: null, quote: 'Update: outdated.' }],
          score: 0.8,
        },
      ],
    });
    const text = formatAdrList({
      adrs: [suggested],
      truncated: false,
      suggestion_reading: { text_cap_chars: 20000, capped: ['adr-003-event-bus-kafka'], truncated: false },
    });
    expect(text).toContain(
      [
        '           suggested stale (replacement wording, score 0.82): a newer record, ADR-011, says it replaces this one, but the records do not link the two as a supersession',
        '             ADR-011: “이 결정은 ADR-004를 대체한다.”',
        "           suggested stale (update note, score 0.80): the record's own body says it is no longer in force",
        '             adr-003-event-bus-kafka: “Update: outdated.”',
      ].join('\n'),
    );
    expect(text).toContain('2 suggestions on 1 ADR the graph does not mark. Suggestions are never applied by themselves');
    expect(text).toContain(
      'note: the text of 1 ADR was read only up to 20000 characters, so a suggestion may be missing for it: adr-003-event-bus-kafka',
    );
    expect(formatAdrList({ adrs: [adr()], truncated: false })).not.toContain('suggestion');
  });

  it('counts the marked ADRs and warns when the list was cut short', () => {
    const marked = adr({
      mark: { document_id: 'adr-003-event-bus-kafka', reason: 'x', successor_document_id: null, marked_by: 'u', marked_at: 't' },
    });
    const text = formatAdrList({
      adrs: [marked, adr({ document_id: 'b', freshness: { state: 'current', reason: 'accepted' } })],
      truncated: true,
    });
    expect(text).toContain('2 ADRs: 1 current, 1 stale, 0 unknown; 1 marked stale here.');
    expect(text).toContain('warning: the graph holds more ADRs than one read returns; the list is cut short.');
  });

  it('escapes terminal controls in what the graph holds', () => {
    expect(formatAdrList({ adrs: [adr({ title: 'evil\u001b[2J title' })], truncated: false })).not.toContain('\u001b');
  });

  it('says what a mark recorded and how later runs label the document', () => {
    expect(formatMarkResult({ entry, freshness: { state: 'stale', reason: 'marked stale by u-jiho: moved to Redpanda' } })).toBe(
      'Marked adr-003-event-bus-kafka: 2026-11-30T09:00:00.000Z  mark   by u-jiho: moved to Redpanda (successor adr-007-event-bus-redpanda)\n' +
        'Later runs label it stale: marked stale by u-jiho: moved to Redpanda\n',
    );
  });

  it('names the mark a mark replaced, by whom, when and why', () => {
    const replaced = {
      document_id: entry.document_id,
      reason: 'first look',
      successor_document_id: null,
      marked_by: 'u-sora',
      marked_at: '2026-11-29T08:00:00.000Z',
    };
    expect(formatMarkResult({ entry, freshness: null, replaced })).toContain(
      'It replaces the mark u-sora made at 2026-11-29T08:00:00.000Z ("first look"), which stays in the history.',
    );
    expect(formatMarkResult({ entry, freshness: null, replaced: null })).not.toContain('replaces');
  });

  it('says so when the graph no longer holds an unmarked document', () => {
    const unmark = { ...entry, action: 'unmark' as const, successor_document_id: null };
    expect(formatMarkResult({ entry: unmark, freshness: null })).toContain('The graph no longer holds this document.');
  });

  it('shows a history in order, naming the document when it covers every document', () => {
    expect(formatHistory({ document_id: null, entries: [entry] })).toBe(
      'adr-003-event-bus-kafka  2026-11-30T09:00:00.000Z  mark   by u-jiho: moved to Redpanda (successor adr-007-event-bus-redpanda)\n',
    );
    expect(formatHistory({ document_id: 'adr-1', entries: [] })).toBe('adr-1 has never been marked.\n');
    expect(formatHistory({ document_id: null, entries: [] })).toBe('No ADR has been marked yet.\n');
  });
});
