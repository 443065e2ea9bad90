import { describe, expect, it } from 'vitest';
import type { Freshness } from '../../../shared/context-contract';
import { isLensError } from '../../../shared/lens-error';
import type { StaleMark } from '../../../shared/trace-record';
import {
  applyStalePolicy,
  assessFreshness,
  type DocumentFreshnessFacts,
  type FreshnessContext,
} from '../../../electron/retrieval/freshness';

const NOW = new Date('2026-07-15T09:00:00Z');

function judge(facts: Partial<DocumentFreshnessFacts>, context: Partial<FreshnessContext> = {}): Freshness {
  return assessFreshness({ document_id: 'adr-004-event-bus-kafka', ...facts }, { staleMarks: [], now: NOW, ...context });
}

function mark(overrides: Partial<StaleMark> = {}): StaleMark {
  return {
    document_id: 'adr-004-event-bus-kafka',
    reason: 'the event bus moved to Redpanda',
    successor_document_id: null,
    marked_by: 'u-jiho',
    marked_at: '2026-07-01T10:00:00Z',
    ...overrides,
  };
}

describe('assessFreshness', () => {
  it('calls a valid, not superseded document current', () => {
    expect(judge({ adr_status: 'accepted' })).toEqual({ state: 'current', reason: 'valid, not superseded' });
  });

  it('mentions the update date of a current document', () => {
    expect(judge({ updated_at: '2026-02-01' })).toEqual({ state: 'current', reason: 'valid, not superseded, last updated 2026-02-01' });
  });

  it('marks a document stale when an analyst marked it, naming who', () => {
    expect(judge({}, { staleMarks: [mark()] })).toEqual({
      state: 'stale',
      reason: 'marked stale by u-jiho: the event bus moved to Redpanda',
      marked_by: 'u-jiho',
    });
  });

  it('names the successor of a stale mark', () => {
    const result = judge({}, { staleMarks: [mark({ successor_document_id: 'adr-007-event-bus-redpanda' })] });
    expect(result.reason).toBe('marked stale by u-jiho: the event bus moved to Redpanda; use adr-007-event-bus-redpanda instead');
  });

  it('uses the most recent of several marks on one document', () => {
    const older = mark({ marked_by: 'u-minjun', reason: 'old', marked_at: '2026-01-01T00:00:00Z' });
    const newer = mark({ marked_by: 'u-jiho', reason: 'new', marked_at: '2026-06-01T00:00:00Z' });
    expect(judge({}, { staleMarks: [newer, older] }).marked_by).toBe('u-jiho');
  });

  it('ignores marks on other documents', () => {
    expect(judge({}, { staleMarks: [mark({ document_id: 'adr-001-other' })] }).state).toBe('current');
  });

  it('lets a stale mark win over every other rule', () => {
    const result = judge({ valid_to: '2020-01-01', superseded_by: 'adr-007-event-bus-redpanda' }, { staleMarks: [mark()] });
    expect(result.marked_by).toBe('u-jiho');
  });

  it('calls a document whose validity ended stale', () => {
    expect(judge({ valid_to: '2026-06-30' })).toEqual({ state: 'stale', reason: 'valid until 2026-06-30, which has passed' });
  });

  it('treats valid_to as exclusive: a document is stale at that very instant', () => {
    expect(judge({ valid_to: '2026-07-15T09:00:00Z' }).state).toBe('stale');
  });

  it('calls a document stale when its validity ends before the required instant', () => {
    const result = judge({ valid_to: '2026-08-01' }, { requiredAt: new Date('2026-09-01') });
    expect(result).toEqual({ state: 'stale', reason: 'valid until 2026-08-01, before the required 2026-09-01' });
  });

  it('still calls an expired document stale when the required instant is earlier, when it was valid', () => {
    const result = judge({ valid_to: '2026-06-30', updated_at: '2026-03-01' }, { requiredAt: new Date('2026-01-01') });
    expect(result).toEqual({ state: 'stale', reason: 'valid until 2026-06-30, which has passed' });
  });

  it('calls a document that is not in force yet stale', () => {
    expect(judge({ valid_from: '2026-09-01' })).toEqual({ state: 'stale', reason: 'not yet valid: valid from 2026-09-01' });
  });

  it('shows a date-time with its time', () => {
    expect(judge({ valid_to: '2026-07-15T08:30:00+00:00' }).reason).toBe('valid until 2026-07-15T08:30:00Z, which has passed');
  });

  it('names the successor of a superseded document', () => {
    expect(judge({ superseded_by: 'adr-007-event-bus-redpanda' })).toEqual({
      state: 'stale',
      reason: 'superseded by adr-007-event-bus-redpanda',
    });
  });

  it('says which parts to check when the supersession is partial', () => {
    expect(judge({ superseded_by: 'adr-012-rate-limits-envoy', supersession: 'partial' })).toEqual({
      state: 'stale',
      reason: 'partly superseded by adr-012-rate-limits-envoy (check which parts still hold)',
    });
  });

  it.each([
    ['superseded', 'ADR status is superseded'],
    ['partly_superseded', 'ADR status is partly superseded (check which parts still hold)'],
    ['deprecated', 'ADR status is deprecated'],
    ['rejected', 'ADR status is rejected: the decision was not taken'],
  ] as const)('calls an ADR with status %s stale', (adr_status, reason) => {
    expect(judge({ adr_status })).toEqual({ state: 'stale', reason });
  });

  it('prefers the successor to the bare status when both say superseded', () => {
    expect(judge({ adr_status: 'superseded', superseded_by: 'adr-007-event-bus-redpanda' }).reason).toBe(
      'superseded by adr-007-event-bus-redpanda',
    );
  });

  it('calls a document updated before the required instant stale', () => {
    const result = judge({ updated_at: '2023-06-14' }, { requiredAt: new Date('2026-01-01') });
    expect(result).toEqual({ state: 'stale', reason: 'last updated 2023-06-14, before the required 2026-01-01' });
  });

  it('calls a document updated on or after the required instant current', () => {
    const result = judge({ updated_at: '2026-01-01' }, { requiredAt: new Date('2026-01-01') });
    expect(result).toEqual({ state: 'current', reason: 'valid, not superseded, last updated 2026-01-01' });
  });

  it('calls freshness unknown when a date is required but the document has none', () => {
    expect(judge({}, { requiredAt: new Date('2026-01-01') })).toEqual({
      state: 'unknown',
      reason: 'no update date to compare with the required 2026-01-01',
    });
  });

  it('does not need an update date when no date is required', () => {
    expect(judge({}).state).toBe('current');
  });

  it.each(['proposed', 'pending'] as const)('calls an ADR with status %s unknown: a proposal, not a decision', (adr_status) => {
    expect(judge({ adr_status })).toEqual({ state: 'unknown', reason: `ADR status is ${adr_status}: a proposal, not a decision` });
  });

  it('calls an ADR without a readable status unknown', () => {
    expect(judge({ adr_status: 'unknown' }).state).toBe('unknown');
  });

  it('reads a status outside the known set as no ADR rule, not as an object member', () => {
    expect(judge({ adr_status: 'constructor' as never })).toEqual({ state: 'current', reason: 'valid, not superseded' });
  });

  it('lets a stale rule win over an unknown one', () => {
    expect(judge({ adr_status: 'proposed', superseded_by: 'adr-007-event-bus-redpanda' }).state).toBe('stale');
  });

  it('calls an unreadable validity date unknown instead of guessing', () => {
    expect(judge({ valid_to: 'soon' })).toEqual({ state: 'unknown', reason: 'valid_to "soon" is not a date, so it cannot be checked' });
  });

  it('still applies stale rules when a date is unreadable', () => {
    expect(judge({ valid_to: 'soon', adr_status: 'deprecated' }).state).toBe('stale');
  });

  it('treats blank strings as missing', () => {
    expect(judge({ valid_to: '', valid_from: ' ', superseded_by: '' })).toEqual({ state: 'current', reason: 'valid, not superseded' });
  });

  it('never returns a score', () => {
    expect(Object.keys(judge({ updated_at: '2026-02-01' })).sort()).toEqual(['reason', 'state']);
  });

  it('refuses an invalid required date with a LensError', () => {
    let thrown: unknown;
    try {
      judge({}, { requiredAt: new Date('not a date') });
    } catch (error) {
      thrown = error;
    }
    expect(isLensError(thrown) && thrown.kind).toBe('invalid_input');
  });
});

describe('applyStalePolicy', () => {
  const item = (id: string, state: Freshness['state']) => ({ id, freshness: { state, reason: state } });
  const ranked = [item('a', 'stale'), item('b', 'current'), item('c', 'unknown'), item('d', 'stale'), item('e', 'current')];

  it('demotes stale items after the rest, keeping each group in order', () => {
    const { kept, filtered } = applyStalePolicy(ranked, 'demote');
    expect(kept.map((i) => i.id)).toEqual(['b', 'c', 'e', 'a', 'd']);
    expect(filtered).toEqual([]);
  });

  it('filters stale items out into filtered, in order', () => {
    const { kept, filtered } = applyStalePolicy(ranked, 'filter');
    expect(kept.map((i) => i.id)).toEqual(['b', 'c', 'e']);
    expect(filtered.map((i) => i.id)).toEqual(['a', 'd']);
  });

  it('keeps the stale label on demoted items', () => {
    expect(applyStalePolicy(ranked, 'demote').kept.at(-1)?.freshness.state).toBe('stale');
  });

  it('returns the items themselves, not copies', () => {
    expect(applyStalePolicy(ranked, 'demote').kept[0]).toBe(ranked[1]);
  });
});
