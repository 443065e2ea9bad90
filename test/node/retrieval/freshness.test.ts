import { describe, expect, it } from 'vitest';
import type { Freshness } from '../../../shared/context-contract';
import { isLensError } from '../../../shared/lens-error';
import type { StaleMark } from '../../../shared/trace-record';
import {
  applyStalePolicy,
  assessFreshness,
  withoutHiddenSuccessor,
  type DocumentFreshnessFacts,
  type FreshnessContext,
} from '../../../electron/retrieval/freshness';
import { assessCandidates } from '../../../electron/retrieval/output-stages';
import type { Candidate } from '../../../electron/retrieval/candidate';
import type { PipelineDeps } from '../../../electron/retrieval/pipeline-deps';
import type { RetrievalRun } from '../../../electron/retrieval/retrieval-run';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';

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

/** State and reason only, as the contract's older fields read. */
const plain = (freshness: Freshness) => ({ state: freshness.state, reason: freshness.reason });

describe('assessFreshness: stale rules', () => {
  it('marks a document stale when an analyst marked it, naming who', () => {
    expect(judge({}, { staleMarks: [mark()] })).toEqual({
      state: 'stale',
      reason: 'marked stale by u-jiho: the event bus moved to Redpanda',
      marked_by: 'u-jiho',
      code: 'marked_stale',
      params: { by: 'u-jiho', reason: 'the event bus moved to Redpanda' },
    });
  });

  it('names the successor of a stale mark', () => {
    const result = judge({}, { staleMarks: [mark({ successor_document_id: 'adr-007-event-bus-redpanda' })] });
    expect(result.reason).toBe('marked stale by u-jiho: the event bus moved to Redpanda; use adr-007-event-bus-redpanda instead');
    expect(result.code).toBe('marked_stale_successor');
  });

  it('uses the most recent of several marks on one document', () => {
    const older = mark({ marked_by: 'u-minjun', reason: 'old', marked_at: '2026-01-01T00:00:00Z' });
    const newer = mark({ marked_by: 'u-jiho', reason: 'new', marked_at: '2026-06-01T00:00:00Z' });
    expect(judge({}, { staleMarks: [newer, older] }).marked_by).toBe('u-jiho');
  });

  it('ignores marks on other documents', () => {
    expect(judge({ adr_status: 'accepted' }, { staleMarks: [mark({ document_id: 'adr-001-other' })] }).state).toBe('current');
  });

  it('lets a stale mark win over every other rule, and still reports the decision state', () => {
    const result = judge(
      { valid_to: '2020-01-01', superseded_by: 'adr-007-event-bus-redpanda', adr_status: 'accepted' },
      { staleMarks: [mark()] },
    );
    expect(result).toMatchObject({ marked_by: 'u-jiho', decision: 'accepted' });
  });

  it("marks a rejected ADR stale when an analyst says so: a mark is the analyst's word", () => {
    expect(judge({ adr_status: 'rejected' }, { staleMarks: [mark()] })).toMatchObject({ state: 'stale', decision: 'rejected' });
  });

  it('calls a document whose validity ended stale', () => {
    expect(plain(judge({ valid_to: '2026-06-30' }))).toEqual({ state: 'stale', reason: 'valid until 2026-06-30, which has passed' });
  });

  it('treats valid_to as exclusive: a document is stale at that very instant', () => {
    expect(judge({ valid_to: '2026-07-15T09:00:00Z' }).state).toBe('stale');
  });

  it('calls a document stale when its validity ends before the required instant', () => {
    const result = judge({ valid_to: '2026-08-01' }, { requiredAt: new Date('2026-09-01') });
    expect(plain(result)).toEqual({ state: 'stale', reason: 'valid until 2026-08-01, before the required 2026-09-01' });
    expect(result.params).toEqual({ date: '2026-08-01', required: '2026-09-01' });
  });

  it('still calls an expired document stale when the required instant is earlier, when it was valid', () => {
    const result = judge({ valid_to: '2026-06-30', updated_at: '2026-03-01' }, { requiredAt: new Date('2026-01-01') });
    expect(plain(result)).toEqual({ state: 'stale', reason: 'valid until 2026-06-30, which has passed' });
  });

  it('calls a document that is not in force yet stale', () => {
    expect(plain(judge({ valid_from: '2026-09-01' }))).toEqual({ state: 'stale', reason: 'not yet valid: valid from 2026-09-01' });
  });

  it('shows a date-time with its time', () => {
    expect(judge({ valid_to: '2026-07-15T08:30:00+00:00' }).reason).toBe('valid until 2026-07-15T08:30:00Z, which has passed');
  });

  it('names the successor of a superseded document', () => {
    expect(judge({ superseded_by: 'adr-007-event-bus-redpanda' })).toEqual({
      state: 'stale',
      reason: 'superseded by adr-007-event-bus-redpanda',
      code: 'superseded_by',
      params: { successor: 'adr-007-event-bus-redpanda' },
    });
  });

  it('says which parts to check when the supersession is partial', () => {
    expect(plain(judge({ superseded_by: 'adr-012-rate-limits-envoy', supersession: 'partial' }))).toEqual({
      state: 'stale',
      reason: 'partly superseded by adr-012-rate-limits-envoy (check which parts still hold)',
    });
  });

  it('keeps a superseded ADR stale with its successor even when the record still says accepted (drift)', () => {
    expect(judge({ adr_status: 'accepted', superseded_by: 'adr-007-event-bus-redpanda' })).toMatchObject({
      state: 'stale',
      code: 'superseded_by',
      decision: 'accepted',
    });
  });

  it.each([
    ['superseded', 'ADR status is superseded (no successor is named)'],
    ['partly_superseded', 'ADR status is partly superseded (check which parts still hold)'],
  ] as const)('calls an ADR with status %s and no named successor stale', (adr_status, reason) => {
    expect(plain(judge({ adr_status }))).toEqual({ state: 'stale', reason });
  });

  it.each([
    ['superseded', 'PR #123', 'adr_superseded_outside', 'superseded by PR #123, outside the decision records'],
    [
      'partly_superseded',
      'https://github.com/o/r/pull/12',
      'adr_partly_superseded_outside',
      'partly superseded by https://github.com/o/r/pull/12, outside the decision records (check which parts still hold)',
    ],
  ] as const)(
    'names the successor a %s ADR names outside the decision records (%s), instead of saying none is named',
    (adr_status, outside, code, reason) => {
      const result = judge({ adr_status, successor_outside: outside });
      expect(plain(result)).toEqual({ state: 'stale', reason });
      expect(result).toMatchObject({ code, params: { successor: outside } });
    },
  );

  it('prefers a successor document to one named outside, and reads a blank outside successor as none', () => {
    expect(judge({ adr_status: 'superseded', superseded_by: 'adr-007-event-bus-redpanda', successor_outside: 'PR #123' }).code).toBe(
      'superseded_by',
    );
    expect(judge({ adr_status: 'superseded', successor_outside: '  ' }).code).toBe('adr_status_superseded');
    // An accepted record names no successor, wherever: nothing outside makes it stale.
    expect(judge({ adr_status: 'accepted', successor_outside: 'PR #123' }).state).toBe('current');
  });

  it('calls an accepted ADR a successor outside the records replaces in part stale in part, naming it', () => {
    const outside = 'https://github.com/acme/platform/blob/main/docs/adr/0004-x.md';
    const result = judge({ adr_status: 'accepted', successor_outside: outside, supersession: 'partial' });
    expect(plain(result)).toEqual({
      state: 'stale',
      reason: `partly superseded by ${outside}, outside the decision records (check which parts still hold)`,
    });
    expect(result).toMatchObject({ code: 'adr_partly_superseded_outside', decision: 'accepted' });
    // A successor document of its own is named first.
    expect(judge({ adr_status: 'accepted', superseded_by: 'adr-7', supersession: 'partial', successor_outside: outside }).code).toBe(
      'partly_superseded_by',
    );
  });

  it('prefers the successor to the bare status when both say superseded', () => {
    expect(judge({ adr_status: 'superseded', superseded_by: 'adr-007-event-bus-redpanda' }).reason).toBe(
      'superseded by adr-007-event-bus-redpanda',
    );
  });

  it('calls a document updated before the required instant stale', () => {
    const result = judge({ updated_at: '2023-06-14' }, { requiredAt: new Date('2026-01-01') });
    expect(plain(result)).toEqual({ state: 'stale', reason: 'last updated 2023-06-14, before the required 2026-01-01' });
  });
});

describe('assessFreshness: a rejected decision is what it is, a deprecated one is retired', () => {
  it('labels a rejected ADR current with its decision state, so it is not demoted', () => {
    expect(judge({ adr_status: 'rejected' })).toEqual({
      state: 'current',
      reason: 'a rejected decision: the record of what was decided against, not a stale one',
      code: 'adr_rejected',
      params: {},
      decision: 'rejected',
    });
  });

  it('labels a deprecated ADR stale with its decision state: what it decided no longer holds', () => {
    expect(judge({ adr_status: 'deprecated' })).toEqual({
      state: 'stale',
      reason: 'a deprecated decision: retired, and the record says so',
      code: 'adr_deprecated',
      params: {},
      decision: 'deprecated',
    });
    // A successor it names is the verdict's reason, as for a superseded record.
    expect(judge({ adr_status: 'deprecated', superseded_by: 'adr-9' })).toMatchObject({ state: 'stale', code: 'superseded_by' });
  });

  it('keeps a rejected ADR first when the stale policy demotes', () => {
    const items = [{ freshness: judge({ adr_status: 'rejected' }) }, { freshness: judge({ superseded_by: 'adr-9' }) }];
    expect(applyStalePolicy(items, 'demote').kept[0]).toBe(items[0]);
    expect(applyStalePolicy(items, 'filter').filtered).toEqual([items[1]]);
  });
});

describe('assessFreshness: unknown without evidence', () => {
  it('calls a document with no lifecycle data unknown, not current', () => {
    expect(judge({})).toEqual({ state: 'unknown', reason: 'no lifecycle data', code: 'no_lifecycle_data', params: {} });
  });

  it('does not take an update date alone, with no required date, as evidence of being current', () => {
    expect(plain(judge({ updated_at: '2026-02-01' }))).toEqual({ state: 'unknown', reason: 'no lifecycle data' });
  });

  it('calls freshness unknown when a date is required but the document has none', () => {
    expect(plain(judge({ adr_status: 'accepted' }, { requiredAt: new Date('2026-01-01') }))).toEqual({
      state: 'unknown',
      reason: 'no update date to compare with the required 2026-01-01',
    });
  });

  it.each([
    ['proposed', 'ADR status is proposed: a proposal, not a decision'],
    ['pending', 'ADR status is pending: not decided yet'],
  ] as const)('calls an ADR with status %s unknown: nothing was decided', (adr_status, reason) => {
    expect(judge({ adr_status })).toMatchObject({ state: 'unknown', reason, decision: adr_status });
  });

  it('calls an ADR without a readable status unknown', () => {
    expect(judge({ adr_status: 'unknown' })).toMatchObject({ state: 'unknown', code: 'adr_status_unknown', decision: 'unknown' });
  });

  it('reads a status outside the known set as no decision, not as an object member', () => {
    const result = judge({ adr_status: 'constructor' as never });
    expect(result).toEqual({ state: 'unknown', reason: 'no lifecycle data', code: 'no_lifecycle_data', params: {} });
  });

  it('lets a stale rule win over an unknown one', () => {
    expect(judge({ adr_status: 'proposed', superseded_by: 'adr-007-event-bus-redpanda' }).state).toBe('stale');
  });

  it('calls an unreadable validity date unknown instead of guessing', () => {
    expect(judge({ valid_to: 'soon' })).toEqual({
      state: 'unknown',
      reason: 'valid_to "soon" is not a date, so it cannot be checked',
      code: 'date_unreadable',
      params: { field: 'valid_to', value: 'soon' },
    });
  });

  it('does not call an accepted ADR current when one of its dates cannot be read', () => {
    expect(judge({ valid_from: 'last spring', adr_status: 'accepted' }).state).toBe('unknown');
  });

  it('still applies stale rules when a date is unreadable', () => {
    expect(judge({ valid_to: 'soon', superseded_by: 'adr-9' }).state).toBe('stale');
  });

  it('treats blank strings as missing', () => {
    expect(plain(judge({ valid_to: '', valid_from: ' ', superseded_by: '' }))).toEqual({ state: 'unknown', reason: 'no lifecycle data' });
  });
});

describe('assessFreshness: current only on positive evidence', () => {
  it('calls an accepted ADR that nothing supersedes current', () => {
    expect(judge({ adr_status: 'accepted' })).toEqual({
      state: 'current',
      reason: 'accepted, not superseded',
      code: 'adr_accepted',
      params: {},
      decision: 'accepted',
    });
  });

  it('mentions the update date of a current ADR', () => {
    expect(plain(judge({ adr_status: 'accepted', updated_at: '2026-02-01' }))).toEqual({
      state: 'current',
      reason: 'accepted, not superseded, last updated 2026-02-01',
    });
  });

  it('calls a document updated on or after the required instant current', () => {
    const result = judge({ updated_at: '2026-01-01' }, { requiredAt: new Date('2026-01-01') });
    expect(plain(result)).toEqual({ state: 'current', reason: 'last updated 2026-01-01, not before the required 2026-01-01' });
  });

  it.each([
    [{ valid_from: '2026-01-01', valid_to: '2027-01-01' }, 'valid_from_until', 'in force: valid from 2026-01-01 until 2027-01-01'],
    [{ valid_to: '2027-01-01' }, 'valid_until', 'in force: valid until 2027-01-01'],
    [{ valid_from: '2026-01-01' }, 'valid_since', 'in force: valid since 2026-01-01'],
  ] as const)('calls a document inside its validity window current (%o)', (facts, code, reason) => {
    expect(judge(facts)).toMatchObject({ state: 'current', code, reason });
  });

  it('never returns a score', () => {
    expect(Object.keys(judge({ adr_status: 'accepted', updated_at: '2026-02-01' })).sort()).toEqual([
      'code',
      'decision',
      'params',
      'reason',
      'state',
    ]);
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

describe('withoutHiddenSuccessor', () => {
  const hidden = new Set(['policy-hr-salary']);

  it('words a verdict naming a hidden successor again without it, keeping its state and who marked it', () => {
    const marked = judge({}, { staleMarks: [mark({ successor_document_id: 'policy-hr-salary' })] });
    expect(marked.params).toMatchObject({ successor: 'policy-hr-salary' });
    const shown = withoutHiddenSuccessor(marked, hidden);
    expect(shown).toMatchObject({ state: 'stale', code: 'marked_stale_successor_hidden', marked_by: 'u-jiho' });
    expect(shown.params).not.toHaveProperty('successor');
    expect(shown.reason).not.toContain('policy-hr-salary');
    expect(shown.reason).toContain('the event bus moved to Redpanda');
  });

  it('hides a successor the graph names, fully or partly', () => {
    expect(withoutHiddenSuccessor(judge({ superseded_by: 'policy-hr-salary' }), hidden)).toMatchObject({ code: 'superseded_by_hidden' });
    const partly = judge({ superseded_by: 'policy-hr-salary', supersession: 'partial' });
    expect(withoutHiddenSuccessor(partly, hidden)).toMatchObject({ code: 'partly_superseded_by_hidden' });
  });

  it('leaves a visible successor, and a verdict naming none, as they are', () => {
    const visible = judge({ superseded_by: 'adr-007-event-bus-redpanda' });
    expect(withoutHiddenSuccessor(visible, hidden)).toBe(visible);
    const current = judge({ adr_status: 'accepted' });
    expect(withoutHiddenSuccessor(current, hidden)).toBe(current);
  });
});

describe('assessCandidates', () => {
  it('judges every candidate at one instant with the stale marks read once', () => {
    let markReads = 0;
    let clockReads = 0;
    const store = {
      listStaleMarks: () => {
        markReads += 1;
        return [mark({ document_id: 'doc-b' })];
      },
    };
    const now = () => {
      clockReads += 1;
      return new Date(NOW.getTime() + clockReads);
    };
    const candidates = ['doc-a', 'doc-b', 'doc-c'].map(
      (id) => ({ chunk_id: `${id}:c0`, document: { document_id: id } }) as unknown as Candidate,
    );
    const run = { profile: DEFAULT_SCHEMA_PROFILE, request: {} } as unknown as RetrievalRun;
    const { labelled } = assessCandidates(candidates, run, { store, now } as unknown as PipelineDeps);
    expect(labelled.map((entry) => entry.freshness.state)).toEqual(['unknown', 'stale', 'unknown']);
    expect(labelled[1]?.freshness).toMatchObject({ code: 'marked_stale', marked_by: 'u-jiho' });
    expect({ markReads, clockReads }).toEqual({ markReads: 1, clockReads: 1 });
  });

  it("reads the successor a loaded ADR names outside the decision records from its document's successor_outside", () => {
    const document = { document_id: 'adr-9', status: 'superseded', successor_outside: 'RFC-7' };
    const candidates = [{ chunk_id: 'adr-9:c0', document } as unknown as Candidate];
    const run = { profile: DEFAULT_SCHEMA_PROFILE, request: {} } as unknown as RetrievalRun;
    const { labelled } = assessCandidates(candidates, run, { store: null, now: () => NOW } as unknown as PipelineDeps);
    expect(labelled[0]?.freshness).toMatchObject({ state: 'stale', code: 'adr_superseded_outside', params: { successor: 'RFC-7' } });
  });
});
