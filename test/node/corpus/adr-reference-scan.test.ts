import { describe, expect, it } from 'vitest';
import { adrReferences, bareNumberAt } from '../../../electron/corpus/adr-reference-scan';

const refs = (text: string) => adrReferences(text).map((r) => [r.reference, text.slice(r.start, r.end)]);

describe('adrReferences', () => {
  it.each([
    ['部分被 ADR 0010、0012 和 0013 取代', ['ADR-0010', 'ADR-0012', 'ADR-0013']],
    ['Superseded by ADR 0010, 0012 and 0013.', ['ADR-0010', 'ADR-0012', 'ADR-0013']],
    ['see ADR-0004 / 0005', ['ADR-0004', 'ADR-0005']],
    // Not a list of records: an unpadded number (a count), another length, a year, words between.
    ['ADR-12 and 3 more', ['ADR-12']],
    ['ADR-0012 and 12 others', ['ADR-0012']],
    ['ADR-0012 and 2021 plans', ['ADR-0012']],
    ['ADR-0012 covers 0013', ['ADR-0012']],
  ])('reads the numbers listed after a zero-padded reference in %j', (text, expected) => {
    expect(adrReferences(text).map((r) => r.reference)).toEqual(expected);
  });

  it.each([
    [
      '0003번 결정을 0007번으로 대체한다',
      [
        ['ADR-0003', '0003번 결정'],
        ['ADR-0007', '0007번'],
      ],
    ],
    [
      '3번과 4번 문서를 대체한다',
      [
        ['ADR-3', '3번'],
        ['ADR-4', '4번 문서'],
      ],
    ],
    // Counts, not records: "reviewed three times", "decided three times", a version's number.
    ['3번 검토한 끝에', []],
    ['3번 결정했다', []],
    ['v2.3번을', []],
  ])('reads a Korean record number with 번 in %j', (text, expected) => {
    expect(refs(text)).toEqual(expected);
  });

  it.each([
    ['Superseded by ADR-0002', [['ADR-0002', 'ADR-0002']]],
    [
      'see ADR 2 and adr_12',
      [
        ['ADR-2', 'ADR 2'],
        ['ADR-12', 'adr_12'],
      ],
    ],
    ['ADR #7 replaces it', [['ADR-7', 'ADR #7']]],
    ['ADR-022 - EKS', [['ADR-022', 'ADR-022']]],
    ['Superseded by #2.', [['#2', '#2']]],
    ['(#14)', [['#14', '#14']]],
  ])('finds the references in %j', (text, expected) => {
    expect(refs(text)).toEqual(expected);
  });

  it.each([
    ['MADR-2 is a template version', 'a word before ADR'],
    ['ADRs 2 and 3', 'a plural'],
    ['ADR-2021-05-11', 'a date after ADR (a digit run followed by more)'],
    ['C#2 and issue#3', 'a word before #'],
    ['&#123; is an entity', 'an HTML entity'],
    ['ADR-1234567', 'more than six digits'],
    ['ADR-12a', 'a letter after the number'],
    ['## 2. Heading', 'a doubled #'],
  ])('finds nothing in %j (%s)', (text) => {
    expect(refs(text)).toEqual([]);
  });
});

describe('bareNumberAt', () => {
  it('reads the number a verb is followed by', () => {
    const text = 'Superseded by 0019';
    expect(bareNumberAt(text, 'Superseded by'.length)).toEqual({ start: 14, end: 18, reference: '0019' });
    expect(bareNumberAt('Supersedes: **#4**', 'Supersedes'.length)).toEqual({ start: 14, end: 16, reference: '4' });
  });

  it('reads nothing when a word or a date follows the verb', () => {
    expect(bareNumberAt('Superseded by the team', 13)).toBeNull();
    expect(bareNumberAt('Superseded 2021-01-01', 10)).toBeNull();
  });
});
