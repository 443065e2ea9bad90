import { describe, expect, it } from 'vitest';
import {
  decidedDate,
  EMPTY_ADR_FILTER,
  filterAdrs,
  isFiltered,
  statusOptions,
  titleWithoutName,
} from '../../renderer/screens/stale-adrs/adr-filter';
import { adrEntry } from './adr-fixtures';

const kafka = adrEntry('adr-003-event-bus-kafka', {
  title: 'Use Kafka as the event bus',
  status: 'superseded',
  freshness: { state: 'stale', reason: 'superseded by adr-007', code: 'superseded_by', params: { successor: 'adr-007' } },
});
const redpanda = adrEntry('adr-007-event-bus-redpanda', { title: 'Move the event bus to Redpanda' });
const tracing = adrEntry('adr-015-tracing', {
  status: null,
  status_text: null,
  freshness: { state: 'unknown', reason: 'no lifecycle data', code: 'no_lifecycle_data' },
  suggestions: [
    {
      kind: 'update_note',
      successor: null,
      evidence: [{ document_id: 'adr-015-tracing', adr_id: 'ADR-015', quote: 'we moved on' }],
      score: 0.4,
    },
  ],
});
const marked = adrEntry('adr-010-patroni', {
  mark: {
    document_id: 'adr-010-patroni',
    reason: 'managed now',
    successor_document_id: null,
    marked_by: 'u-ana',
    marked_at: '2026-01-01T00:00:00Z',
  },
});
const all = [kafka, redpanda, tracing, marked];
const ids = (form: Partial<typeof EMPTY_ADR_FILTER>) => filterAdrs(all, { ...EMPTY_ADR_FILTER, ...form }).map((entry) => entry.document_id);

describe('filterAdrs', () => {
  it('keeps every ADR, in order, when no filter is set', () => {
    expect(ids({})).toEqual(all.map((entry) => entry.document_id));
    expect(isFiltered(EMPTY_ADR_FILTER)).toBe(false);
  });

  it('finds by ADR id or title, whatever the case, and by document id', () => {
    expect(ids({ text: 'adr-003' })).toEqual(['adr-003-event-bus-kafka']);
    expect(ids({ text: 'EVENT BUS' })).toEqual(['adr-003-event-bus-kafka', 'adr-007-event-bus-redpanda']);
    expect(ids({ text: '  redpanda ' })).toEqual(['adr-007-event-bus-redpanda']);
    expect(ids({ text: 'nothing like it' })).toEqual([]);
  });

  it('filters by freshness state, by normalised status (none for records without one), by suggestions and by mark', () => {
    expect(ids({ freshness: 'stale' })).toEqual(['adr-003-event-bus-kafka']);
    expect(ids({ freshness: 'unknown' })).toEqual(['adr-015-tracing']);
    expect(ids({ status: 'superseded' })).toEqual(['adr-003-event-bus-kafka']);
    expect(ids({ status: 'none' })).toEqual(['adr-015-tracing']);
    expect(ids({ withSuggestions: true })).toEqual(['adr-015-tracing']);
    expect(ids({ markedOnly: true })).toEqual(['adr-010-patroni']);
    expect(ids({ freshness: 'current', text: 'patroni' })).toEqual(['adr-010-patroni']);
    expect(isFiltered({ ...EMPTY_ADR_FILTER, markedOnly: true })).toBe(true);
  });

  it('offers the statuses present, sorted, with "none" last', () => {
    expect(statusOptions(all)).toEqual(['accepted', 'superseded', 'none']);
    expect(statusOptions([redpanda])).toEqual(['accepted']);
  });
});

describe('how an ADR is named on the screen', () => {
  it('drops a leading repeat of the ADR id from the title, and keeps a title that is nothing but the id', () => {
    expect(titleWithoutName('ADR-003: Use Kafka as the event bus', 'ADR-003')).toBe('Use Kafka as the event bus');
    expect(titleWithoutName('adr-003 — Use Kafka', 'ADR-003')).toBe('Use Kafka');
    expect(titleWithoutName('Use Kafka', 'ADR-003')).toBe('Use Kafka');
    expect(titleWithoutName('ADR-003', 'ADR-003')).toBe('ADR-003');
  });

  it('shows a date-only decision as its day, and any other instant as it is', () => {
    expect(decidedDate('2023-02-06T00:00:00Z')).toBe('2023-02-06');
    expect(decidedDate('2023-02-06T00:00:00.000Z')).toBe('2023-02-06');
    expect(decidedDate('2023-02-06T09:30:00Z')).toBe('2023-02-06T09:30:00Z');
    expect(decidedDate('2023-02-06')).toBe('2023-02-06');
  });
});
