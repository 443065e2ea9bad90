import { describe, expect, it } from 'vitest';
import {
  datesReversed,
  EMPTY_FILTER_FORM,
  hasInput,
  isFiltered,
  readDay,
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

  it.each(['01/07/2026', '2026-07-01T00:00', '2026-13-01', '2026-02-30', '2026-07/01', 'yesterday'])(
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

describe('readDay: a date typed in the app’s own format, whatever the browser’s locale', () => {
  it.each([
    ['2026-07-01', '2026-07-01'],
    [' 2026-7-1 ', '2026-07-01'],
    ['2026/07/01', '2026-07-01'],
    ['2026.07.01', '2026-07-01'],
    // As Korean dates are written (and as toLocaleDateString('ko') prints them).
    ['2026. 7. 1.', '2026-07-01'],
    ['2024-02-29', '2024-02-29'],
    ['', ''],
    ['   ', ''],
  ])('reads %j as the day %j', (typed, day) => {
    expect(readDay(typed)).toBe(day);
  });

  it.each(['07/01/2026', '01.07.2026', '2026-07', '20260701', '2026-07-01T00:00', '2026-07/01', 'March 5', 'yesterday'])(
    'says %j is not a date (no order is guessed)',
    (typed) => {
      expect(readDay(typed)).toEqual({ problem: 'not_a_date' });
    },
  );

  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-01-00'])(
    'says %j is a day the calendar does not have, rather than moving it to another day',
    (typed) => {
      expect(readDay(typed)).toEqual({ problem: 'no_such_day' });
    },
  );

  it('filters from a day typed with dots or slashes as from the same day typed with dashes', () => {
    expect(toRunFilter(form({ since: '2026. 7. 1.', until: '2026/07/01' }))).toEqual(
      toRunFilter(form({ since: '2026-07-01', until: '2026-07-01' })),
    );
  });

  it('compares the days read, not the text typed, for the reversed warning', () => {
    expect(datesReversed(form({ since: '2026-7-2', until: '2026-07-10' }))).toBe(false);
    expect(datesReversed(form({ since: '2026-07-10', until: '2026-7-2' }))).toBe(true);
    expect(datesReversed(form({ since: '2026-07-10', until: '2026-02-30' }))).toBe(false);
  });

  it('has something to clear when a date is typed that is not read', () => {
    expect(isFiltered(form({ since: '2026-02-30' }))).toBe(false);
    expect(hasInput(form({ since: '2026-02-30' }))).toBe(true);
    expect(hasInput(form({ until: 'x' }))).toBe(true);
    expect(hasInput(EMPTY_FILTER_FORM)).toBe(false);
  });
});
