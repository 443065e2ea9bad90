// Which record a supersession sentence is about: the one it names as its subject ("ADR-0003 is
// superseded by ADR-0005"), else the record it is written in ("Superseded by ADR-0005"). Every
// sentence here is read as ADR-0007's own text.
import { describe, expect, it } from 'vitest';
import { statementsIn } from '../../../electron/corpus/adr-statements';

const isSelf = (target: string) => /^(?:adr-?)?0*7$|0007-/i.test(target.trim());
const read = (text: string, inStatus = false) =>
  statementsIn(text, { isSelf, inStatus }).map((s) => [s.relation, s.target, s.partial] as const);

describe('a sentence whose subject is another record states nothing of this one', () => {
  it.each([
    'ADR-0003 is superseded by ADR-0005.',
    'ADR-0003 was replaced by ADR-0005.',
    'ADR-0005 supersedes ADR-0003.',
    'ADR-0005 replaces ADR-0003.',
    'As ADR-0003 has since been superseded by ADR-0005, jobs run on the queue.',
    '[ADR-0003](0003-cron.md), which was superseded by [ADR-0005](0005-queue.md), chose cron.',
    '**ADR-0003** is partly superseded by ADR-0005.',
    'ADR-0003 and ADR-0004 are superseded by ADR-0005.',
    'ADR-0005 supersedes ADR-0002 and ADR-0003.',
    'ADR-0005 now supersedes ADR-0003.',
    'ADR-0002, ADR-0003, and ADR-0004 are superseded by ADR-0005.',
    'ADR-0003 was retired last spring, and ADR-0005 supersedes ADR-0003.',
  ])('English: %j, in prose and in the status', (text) => {
    expect(read(text)).toEqual([]);
    expect(read(text, true)).toEqual([]);
  });

  it.each([
    "Bu karar ile ADR-0003 yerini ADR-0005'e bıraktı.",
    "ADR-0003 yerini ADR-0005'e bıraktı.",
    "ADR-0003'ün yerini ADR-0005 aldı.",
    "ADR-0003 ve ADR-0004 yerini ADR-0005'e bıraktı.",
    // A comma after the subject, as Turkish writers often set one.
    "ADR-0003, yerini ADR-0005'e bıraktı.",
    "ADR-0003 ve ADR-0004, yerini ADR-0005'e bıraktı.",
  ])('Turkish: %j, in prose and in the status', (text) => {
    expect(read(text)).toEqual([]);
    expect(read(text, true)).toEqual([]);
  });

  it.each([
    'ADR-0003은 ADR-0005에 의해 대체되었다.',
    'ADR-0003이 ADR-0005로 대체되었다.',
    'ADR-0005가 ADR-0003을 대체한다.',
    'ADR-0005가 ADR-0002와 ADR-0003을 대체한다.',
  ])('Korean: %j', (text) => {
    expect(read(text)).toEqual([]);
  });

  it.each([
    'ADR-0003 は ADR-0005 により置き換えられた。',
    'ADR-0005 が ADR-0003 を置き換える。',
    'ADR-0003 已被 ADR-0005 取代。',
    'ADR-0005 取代 ADR-0002、ADR-0003。',
  ])('Japanese and Chinese: %j', (text) => {
    expect(read(text)).toEqual([]);
  });
});

describe('a sentence about this record reads as before', () => {
  it.each([
    ['Superseded by ADR-0005.', [['superseded_by', 'ADR-0005', false]]],
    ['This decision supersedes ADR-0003.', [['supersedes', 'ADR-0003', false]]],
    ['ADR-0007 supersedes ADR-0003.', [['supersedes', 'ADR-0003', false]]],
    ['ADR-0007 is superseded by ADR-0005.', [['superseded_by', 'ADR-0005', false]]],
    ['ADR-0005 supersedes this ADR.', [['superseded_by', 'ADR-0005', false]]],
    ['ADR-0003 is superseded by this decision.', [['supersedes', 'ADR-0003', false]]],
    ['Like ADR-0003, this decision is superseded by ADR-0005.', [['superseded_by', 'ADR-0005', false]]],
    ['In ADR-0003 we chose cron; it is superseded by ADR-0005.', [['superseded_by', 'ADR-0005', false]]],
    // "and" joins this record to the subject, so the sentence may be about it.
    ['This decision and ADR-0003 are superseded by ADR-0005.', [['superseded_by', 'ADR-0005', false]]],
    ['ADR-0007 and ADR-0003 are superseded by ADR-0005.', [['superseded_by', 'ADR-0005', false]]],
    ["Yerini ADR-0005'e bıraktı.", [['superseded_by', 'ADR-0005', false]]],
    ["Bu karar ADR-0003'ün yerini aldı.", [['supersedes', 'ADR-0003', false]]],
    ["ADR-0007 yerini ADR-0005'e bıraktı.", [['superseded_by', 'ADR-0005', false]]],
    ['이 결정은 ADR-0003을 대체한다.', [['supersedes', 'ADR-0003', false]]],
    ['ADR-0007은 ADR-0005에 의해 대체되었다.', [['superseded_by', 'ADR-0005', false]]],
    ['本 ADR 已被 ADR-0005 取代。', [['superseded_by', 'ADR-0005', false]]],
    ['ADR-0007 取代了 ADR-0003。', [['supersedes', 'ADR-0003', false]]],
  ])('%j', (text, statements) => {
    expect(read(text)).toEqual(statements);
  });

  it('takes a record glued to the verb, or on the line above it, for no subject', () => {
    expect(read('[badge](0003-x.md)Superseded by ADR-0005', true)).toEqual([['superseded_by', 'ADR-0005', false]]);
    expect(read('Accepted [ADR-0003](0003-x.md)\nSuperseded by ADR-0005', true)).toEqual([['superseded_by', 'ADR-0005', false]]);
  });
});

describe('a sentence naming another record as the subject and this one as the other side', () => {
  it.each([
    ['ADR-0003 is superseded by ADR-0007.', [['supersedes', 'ADR-0003', false]]],
    ['ADR-0005 supersedes [ADR-0007](0007-retries.md).', [['superseded_by', 'ADR-0005', false]]],
    [
      'ADR-0003 and ADR-0004 are superseded by ADR-0007.',
      [
        ['supersedes', 'ADR-0003', false],
        ['supersedes', 'ADR-0004', false],
      ],
    ],
    ["ADR-0003 yerini ADR-0007'ye bıraktı.", [['supersedes', 'ADR-0003', false]]],
    ["ADR-0003, yerini ADR-0007'ye bıraktı.", [['supersedes', 'ADR-0003', false]]],
    ['ADR-0003은 ADR-0007에 의해 대체되었다.', [['supersedes', 'ADR-0003', false]]],
    ['ADR-0003 は ADR-0007 により置き換えられた。', [['supersedes', 'ADR-0003', false]]],
  ])("reads %j from this record's side", (text, statements) => {
    expect(read(text)).toEqual(statements);
  });
});

describe('"[X] supersedes this ADR" read through a record that reports it: only the record (or list) right before the verb is its subject', () => {
  it.each([
    ['ADR-0002 and ADR-0003 note that ADR-0005 supersedes this decision.', [['superseded_by', 'ADR-0005', false]]],
    // "it" after a record that says so ("… states that") is that record: ADR-0005 supersedes ADR-0003, not this one.
    ['ADR-0003 states that ADR-0005 supersedes it.', []],
    ['ADR-0003 also notes that ADR-0005 and ADR-0006 supersede it.', []],
    // Written in ADR-0007 as the successor, or as the record "it" names.
    ['ADR-0003 states that ADR-0007 supersedes it.', [['supersedes', 'ADR-0003', false]]],
    ['ADR-0007 states that [ADR-0005](0005-x.md) partly supersedes it.', [['superseded_by', '0005-x.md', true]]],
    // "this ADR" is this record whoever says so; "it" with no record before the subject is this record.
    ['ADR-0003 states that ADR-0005 supersedes this ADR.', [['superseded_by', 'ADR-0005', false]]],
    ['As ADR-0003 records, ADR-0005 supersedes it.', [['superseded_by', 'ADR-0005', false]]],
    [
      'ADR-0003 notes that ADR-0005 and ADR-0006 supersede this ADR.',
      [
        ['superseded_by', 'ADR-0005', false],
        ['superseded_by', 'ADR-0006', false],
      ],
    ],
    ['As [ADR-0003](0003-x.md) records, [ADR-0005](0005-y.md) partly supersedes this ADR.', [['superseded_by', '0005-y.md', true]]],
    // Still read as before: the record (or list) named right before the verb.
    ['As ADR-0005 says, it supersedes this decision.', [['superseded_by', 'ADR-0005', false]]],
    ['ADR-0005 says that it supersedes this ADR.', [['superseded_by', 'ADR-0005', false]]],
    [
      'ADR-0005 and ADR-0006 supersede this ADR.',
      [
        ['superseded_by', 'ADR-0005', false],
        ['superseded_by', 'ADR-0006', false],
      ],
    ],
  ])('%j', (text, statements) => {
    expect(read(text)).toEqual(statements);
  });
});

describe('a Korean or Japanese list before its particle and verb names every record of it, as English "ADR-0002 and ADR-0003" does', () => {
  const both = (relation: 'supersedes' | 'superseded_by', a: string, b: string) => [
    [relation, a, false],
    [relation, b, false],
  ];

  it.each([
    'ADR-0007이 ADR-0002와 ADR-0003을 대체한다.',
    '이 결정은 ADR-0002와 ADR-0003을 대체한다.',
    'ADR-0002과 ADR-0003를 대체한다.',
    'ADR-0002 및 ADR-0003을 대체한다.',
    'ADR-0002 그리고 ADR-0003을 대체한다.',
    'ADR-0002, ADR-0003을 대체한다.',
    'ADR-0002、ADR-0003을 대체한다.',
    'ADR-0002와 ADR-0003은 ADR-0007로 대체되었다.',
    'ADR-0002 그리고 ADR-0003은 ADR-0007에 의해 대체되었다.',
  ])('Korean, replaced by this record: %j', (text) => {
    expect(read(text)).toEqual(both('supersedes', 'ADR-0002', 'ADR-0003'));
  });

  it.each([
    '이 결정은 ADR-0008과 ADR-0009에 의해 대체되었다.',
    'ADR-0008 및 ADR-0009로 대체되었다.',
    'ADR-0008와 ADR-0009가 이 결정을 대체한다.',
  ])('Korean, replacing this record: %j', (text) => {
    expect(read(text)).toEqual(both('superseded_by', 'ADR-0008', 'ADR-0009'));
  });

  it.each([
    'ADR-0007 が ADR-0002 と ADR-0003 を置き換える。',
    'ADR-0002 及び ADR-0003 を置き換える。',
    'ADR-0002 および ADR-0003 を置き換える。',
    'ADR-0002、ADR-0003 を置き換える。',
    'ADR-0002 と ADR-0003 を ADR-0007 に置き換える。',
    'ADR-0002 及び ADR-0003 は ADR-0007 により置き換えられた。',
  ])('Japanese, replaced by this record: %j', (text) => {
    expect(read(text)).toEqual(both('supersedes', 'ADR-0002', 'ADR-0003'));
  });

  it.each(['本 ADR は ADR-0008 と ADR-0009 により置き換えられた。', 'ADR-0008、ADR-0009 により置き換えられた。'])(
    'Japanese, replacing this record: %j',
    (text) => {
      expect(read(text)).toEqual(both('superseded_by', 'ADR-0008', 'ADR-0009'));
    },
  );

  it.each([
    'ADR-0007 取代 ADR-0002 和 ADR-0003。',
    '取代 ADR-0002 与 ADR-0003。',
    '取代 ADR-0002 及 ADR-0003。',
    '取代 ADR-0002、ADR-0003。',
    'ADR-0002 和 ADR-0003 已被 ADR-0007 取代。',
  ])('Chinese, replaced by this record (as before): %j', (text) => {
    expect(read(text)).toEqual(both('supersedes', 'ADR-0002', 'ADR-0003'));
  });

  it.each([
    'ADR-0005가 ADR-0002와 ADR-0003을 대체한다.',
    'ADR-0002 및 ADR-0003은 ADR-0005에 의해 대체되었다.',
    'ADR-0005 が ADR-0002 と ADR-0003 を置き換える。',
    'ADR-0002 と ADR-0003 を ADR-0005 に置き換える。',
  ])('a list between two other records states nothing of this one: %j', (text) => {
    expect(read(text)).toEqual([]);
  });

  it.each([
    // A record that only stands beside the list, not in it, is not read with it.
    ['ADR-0002에 따라 ADR-0003을 대체한다.', [['supersedes', 'ADR-0003', false]]],
    ['ADR-0002 の結果 ADR-0003 を置き換える。', [['supersedes', 'ADR-0003', false]]],
  ])('%j', (text, statements) => {
    expect(read(text)).toEqual(statements);
  });
});

describe('"replace A (and B) with C": from the side of a record in the replaced list, C supersedes it', () => {
  it.each([
    'ADR-0007 と ADR-0003 を ADR-0009 に置き換える。',
    'ADR-0007 及び ADR-0003 を ADR-0009 により置き換える。',
    'ADR-0007 を ADR-0009 に置き換える。',
    'ADR-0007와 ADR-0003을 ADR-0009로 대체한다.',
    'ADR-0003과 ADR-0007을 ADR-0009로 대체한다.',
    'ADR-0007을 ADR-0009로 대체한다.',
    '이 결정을 ADR-0009로 대체한다.',
    '用 ADR-0009 取代 ADR-0007 和 ADR-0003。',
    'This decision replaces ADR-0007 and ADR-0003 with ADR-0009.',
    'ADR-0012 replaces [ADR-0007](0007-x.md) with ADR-0009.',
  ])('%j', (text) => {
    expect(read(text)).toEqual([['superseded_by', 'ADR-0009', false]]);
  });

  it.each([
    ['0003번 결정을 0007번으로 대체한다.', [['supersedes', 'ADR-0003', false]]],
    ['이 결정은 3번 결정을 대체한다.', [['supersedes', 'ADR-3', false]]],
    ['7번 결정을 9번 결정으로 개정한다.', [['superseded_by', 'ADR-9', true]]],
    [
      '0003번과 0004번 결정을 이 결정으로 대체한다.',
      [
        ['supersedes', 'ADR-0003', false],
        ['supersedes', 'ADR-0004', false],
      ],
    ],
    // Two other records: nothing, as "ADR-0003을 ADR-0009로 대체한다" states nothing.
    ['0003번 결정을 0009번으로 대체한다.', []],
    // "3번 검토한" (reviewed three times) names no record.
    ['이 결정은 3번 검토한 끝에 ADR-0003을 대체한다.', [['supersedes', 'ADR-0003', false]]],
  ])('reads a Korean record written as its number with 번 ("0003번 결정", record no. 3): %j', (text, statements) => {
    expect(read(text)).toEqual(statements);
  });

  it('reads a word for "in part" before the Korean verb', () => {
    expect(read('ADR-0007을 ADR-0009로 부분 대체한다.')).toEqual([['superseded_by', 'ADR-0009', true]]);
  });

  it.each([
    'ADR-0002와 ADR-0003을 ADR-0007로 대체한다.',
    'ADR-0002와 ADR-0003을 이 결정으로 대체한다.',
    'ADR-0002 と ADR-0003 を ADR-0007 に置き換える。',
    '用 ADR-0007 取代 ADR-0002 和 ADR-0003。',
    'Replaces ADR-0002 and ADR-0003 with ADR-0007.',
    'ADR-0009 replaces ADR-0002 and ADR-0003 with ADR-0007.',
    'This ADR supersedes ADR-0002 and ADR-0003 with **ADR-0007**.',
  ])('from the side of C, it supersedes each record of the list: %j', (text) => {
    expect(read(text)).toEqual([
      ['supersedes', 'ADR-0002', false],
      ['supersedes', 'ADR-0003', false],
    ]);
  });

  it.each([
    'ADR-0002와 ADR-0003을 ADR-0009로 대체한다.',
    'ADR-0002를 ADR-0009로 개정한다.',
    'ADR-0002 と ADR-0003 を ADR-0009 に置き換える。',
    '用 ADR-0009 取代 ADR-0002 和 ADR-0003。',
    'This ADR replaces ADR-0002 and ADR-0003 with ADR-0009.',
    'Replaces ADR-0003 with ADR-0009.',
  ])('states nothing of a record neither replaced nor replacing: %j', (text) => {
    expect(read(text)).toEqual([]);
  });

  it('still reads an English record replaced with something that is no record as replaced by this one', () => {
    expect(read('This ADR replaces ADR-0003 with a queue.')).toEqual([['supersedes', 'ADR-0003', false]]);
  });
});
