import { describe, expect, it } from 'vitest';
import {
  datesReversed,
  EMPTY_FILTER_FORM,
  isFiltered,
  toRunFilter,
  type RunFilterForm,
} from '../../renderer/screens/traces/run-filter-form';
import { inSeoulTime } from './time-zone';

inSeoulTime();

const form = (changes: Partial<RunFilterForm>): RunFilterForm => ({ ...EMPTY_FILTER_FORM, ...changes });

describe('toRunFilter', () => {
  it('asks for the whole history when nothing is set', () => {
    expect(toRunFilter(EMPTY_FILTER_FORM)).toEqual({});
  });

  it('passes the text trimmed, and no text when only spaces are typed', () => {
    expect(toRunFilter(form({ text: '  failover ' }))).toEqual({ text: 'failover' });
    expect(toRunFilter(form({ text: '   ' }))).toEqual({});
  });

  it('passes the principal, mode and outcome that are picked', () => {
    expect(toRunFilter(form({ principalId: 'u-sora', mode: 'graph', outcome: 'acl_violation' }))).toEqual({
      principal_id: 'u-sora',
      mode: 'graph',
      outcome: 'acl_violation',
    });
  });

  it("starts the 'from' day at the viewer's local midnight", () => {
    expect(toRunFilter(form({ since: '2026-07-01' }))).toEqual({ since: '2026-06-30T15:00:00.000Z' });
  });

  it("includes the whole 'to' day, up to its last local millisecond", () => {
    expect(toRunFilter(form({ until: '2026-07-01' }))).toEqual({ until: '2026-07-01T14:59:59.999Z' });
  });

  it.each(['2026-7-1', '01/07/2026', '2026-07-01T00:00', '2026-13-01', 'yesterday'])(
    'ignores the day %j, which is not a calendar day',
    (day) => {
      expect(toRunFilter(form({ since: day, until: day }))).toEqual({});
    },
  );
});

describe('isFiltered', () => {
  it('is false for the empty form and for one holding only spaces', () => {
    expect(isFiltered(EMPTY_FILTER_FORM)).toBe(false);
    expect(isFiltered(form({ text: '  ' }))).toBe(false);
  });

  it.each<Partial<RunFilterForm>>([
    { text: 'x' },
    { principalId: 'u-1' },
    { mode: 'vector' },
    { outcome: 'ok' },
    { since: '2026-01-01' },
    { until: '2026-01-01' },
  ])('is true when %j narrows the history', (changes) => {
    expect(isFiltered(form(changes))).toBe(true);
  });
});

describe('datesReversed', () => {
  it("is true only when both days are set and 'from' comes after 'to'", () => {
    expect(datesReversed(form({ since: '2026-07-02', until: '2026-07-01' }))).toBe(true);
    expect(datesReversed(form({ since: '2026-07-01', until: '2026-07-01' }))).toBe(false);
    expect(datesReversed(form({ since: '2026-06-30', until: '2026-07-01' }))).toBe(false);
    expect(datesReversed(form({ since: '2026-07-02' }))).toBe(false);
    expect(datesReversed(form({ until: '2026-07-01' }))).toBe(false);
  });
});
