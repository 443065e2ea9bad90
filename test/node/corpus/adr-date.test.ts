import { describe, expect, it } from 'vitest';
import { decisionDate } from '../../../electron/corpus/adr-date';

describe('decisionDate', () => {
  it.each([
    ['2017-07-14', '2017-07-14'],
    ['2017/7/14', '2017-07-14'],
    ['2017.07.14', '2017-07-14'],
    ['2024년 3월 5일', '2024-03-05'],
    ['2025年8月28日', '2025-08-28'],
    ['12/02/26', '2026-02-12'],
    ['2/6/21', '2021-06-02'],
    ['2019 Aug 31', '2019-08-31'],
    ['2021-05-11T09:30:00Z', '2021-05-11'],
    ['2021-05', '2021-05-01'],
  ])('reads the year-first date %j', (text, iso) => {
    expect(decisionDate(text)).toBe(iso);
  });

  it.each([
    ['01/06/2019', '2019-06-01'],
    ['11/11/2024', '2024-11-11'],
    ['2.5.2021', '2021-05-02'],
    ['31-12-2020', '2020-12-31'],
  ])('reads %j day first, as DD/MM/YYYY', (text, iso) => {
    expect(decisionDate(text)).toBe(iso);
  });

  it('reads month first only when the second number cannot be a month', () => {
    expect(decisionDate('06/25/2019')).toBe('2019-06-25');
  });

  it.each([
    ['7 January 2021', '2021-01-07'],
    ['16th September, 2022', '2022-09-16'],
    ['1st Sept 2020', '2020-09-01'],
    ['Thu 7 Jan 2021', '2021-01-07'],
    ['September 16, 2022', '2022-09-16'],
    ['January 2021', '2021-01-01'],
    ['March, 2021', '2021-03-01'],
  ])('reads the month name in %j', (text, iso) => {
    expect(decisionDate(text)).toBe(iso);
  });

  it('takes a YAML date as its UTC day', () => {
    expect(decisionDate(new Date('2020-02-03T00:00:00Z'))).toBe('2020-02-03');
  });

  it.each(['31/02/2021', '2021-13-01', '31/2/21', 'soon', 'Q3 2021', '', '2021'])('gives null for %j, which is no calendar day', (text) => {
    expect(decisionDate(text)).toBeNull();
  });

  it('gives null for a value that is not text or a date', () => {
    expect(decisionDate(20210101)).toBeNull();
    expect(decisionDate(new Date('nonsense'))).toBeNull();
  });
});
