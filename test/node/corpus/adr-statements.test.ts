import { describe, expect, it } from 'vitest';
import { statementsIn } from '../../../electron/corpus/adr-statements';

const inStatus = (text: string) => statementsIn(text, { inStatus: true });

describe('statementsIn: how the target is written', () => {
  it.each([
    ['Superseded by [19. Y](0019-y.md)', '0019-y.md', 'link'],
    ['Superseded by [19. Y](../adr/0019-y.md)', '../adr/0019-y.md', 'link'],
    [
      'Superseded by [Y](https://github.com/o/r/blob/main/docs/adr/0019-y.md)',
      'https://github.com/o/r/blob/main/docs/adr/0019-y.md',
      'link',
    ],
    ['Superseded by [Y](0019-y.html#decision)', '0019-y.html#decision', 'link'],
    ['Superseded by ADR-0019', 'ADR-0019', 'reference'],
    ['Superseded by ADR 19', 'ADR-19', 'reference'],
    ['Superseded by #19', '#19', 'reference'],
    ['Superseded by 0019', '0019', 'reference'],
    ['Superseded by Use bash and go', 'Use bash and go', 'title'],
    ['Superseded by “Use bash and go” (2021)', 'Use bash and go', 'title'],
    // No word before the record taken for a title ("with", "see"); a misspelt verb; "overridden by".
    ['Replaced with ADR-4', 'ADR-4', 'reference'],
    ['Superseded - see ADR-4', 'ADR-4', 'reference'],
    ['Superseeded by ADR-4', 'ADR-4', 'reference'],
    ['Overridden by ADR-4', 'ADR-4', 'reference'],
  ])('reads %j', (text, target, form) => {
    expect(inStatus(text)).toEqual([{ relation: 'superseded_by', partial: false, target, form }]);
  });

  // CommonMark allows balanced brackets in link text at any depth, and a backslash escapes a bracket at any depth.
  it.each([
    ['Superseded by [ADR [12 [draft]]](0012-x.md)', '0012-x.md'],
    ['Superseded by [[[ADR-0012]]](0012-x.md)', '0012-x.md'],
    ['Superseded by [the [new [one]] of [2024]](../adr/0012-x.md)', '../adr/0012-x.md'],
    ['Superseded by [ADR [12 \\] draft]](0012-x.md)', '0012-x.md'],
  ])('reads the link whose text nests brackets more than one level deep in %j', (text, target) => {
    expect(statementsIn(text)).toEqual([{ relation: 'superseded_by', partial: false, target, form: 'link' }]);
  });

  it('reads "superseeds" as "supersedes", and "overridden by" in prose only of this record', () => {
    expect(statementsIn('This ADR superseeds ADR-3.').map((s) => [s.relation, s.target])).toEqual([['supersedes', 'ADR-3']]);
    expect(statementsIn('This decision is overridden by ADR-7.').map((s) => [s.relation, s.target])).toEqual([['superseded_by', 'ADR-7']]);
    expect(statementsIn('Config defaults are overridden by ADR-5 values.')).toEqual([]);
  });

  it.each(['Superseded on 2021-01-01', 'Superseded since March', 'Superseded by the platform team'])(
    'reads no title from the circumstance in %j',
    (text) => {
      expect(inStatus(text)).toEqual([]);
    },
  );

  it('reads a title in prose only when it is quoted', () => {
    expect(statementsIn('This decision supersedes “Use Postgres”.')).toEqual([
      { relation: 'supersedes', partial: false, target: 'Use Postgres', form: 'title' },
    ]);
    expect(statementsIn('This decision supersedes the old approach.')).toEqual([]);
  });

  it.each([
    ['a web link to something that is not a document', 'This supersedes [Loki](https://grafana.com/oss/loki/).'],
    ['a mail link', 'This supersedes [us](mailto:team@example.com).'],
    ['an anchor', 'This supersedes [the section](#context).'],
    ['an image', 'This supersedes ![diagram](0003-diagram.md).'],
    ['a date after the verb', 'Superseded on 2021-01-01.'],
  ])('names no target for %s', (_what, text) => {
    expect(statementsIn(text)).toEqual([]);
  });

  it.each([
    ['an anchor', 'This decision supersedes [ADR-0001](#adr-0001).', 'supersedes', 'ADR-0001'],
    ['a web page', 'Superseded by [ADR-0012: Use a queue](https://wiki.example.com/pages/42).', 'superseded_by', 'ADR-0012'],
    ['a mail link', 'Superseded by [ADR 12](mailto:team@example.com).', 'superseded_by', 'ADR-12'],
  ])('reads the record a link names in its text when its destination, %s, names no file', (_what, text, relation, target) => {
    expect(statementsIn(text)).toEqual([{ relation, partial: false, target, form: 'reference' }]);
    expect(inStatus(text)).toEqual([{ relation, partial: false, target, form: 'reference' }]);
  });

  describe('reference-style links', () => {
    const definitions = new Map([
      ['ADR9', '0009-use-cockroach.md'],
      ['ADR-0009', '<0009-use-cockroach.md>'],
      ['USE COCKROACHDB', 'https://github.com/o/r/blob/main/docs/adr/0009-use-cockroach.md'],
      ['WIKI', 'https://wiki.example.com/pages/9'],
    ]);
    it.each([
      ['a full reference', 'Superseded by [ADR-0009][adr9]', '0009-use-cockroach.md', 'link'],
      ['a full reference by a title, its label in another case', 'Superseded by [Use CockroachDB][Adr9].', '0009-use-cockroach.md', 'link'],
      ['a collapsed reference', 'Superseded by [ADR-0009][]', '0009-use-cockroach.md', 'link'],
      [
        'a shortcut reference',
        'Superseded by [Use  CockroachDB]',
        'https://github.com/o/r/blob/main/docs/adr/0009-use-cockroach.md',
        'link',
      ],
      ['a reference whose definition names no file', 'Superseded by [ADR-0009: Use CockroachDB][wiki]', 'ADR-0009', 'reference'],
      ['a reference whose label has no definition', 'Superseded by [ADR-0009][nope]', 'ADR-0009', 'reference'],
      ['a full reference whose text holds brackets', 'Superseded by [ADR-0009 [draft]][adr9]', '0009-use-cockroach.md', 'link'],
      ['a full reference whose text is in brackets', 'Superseded by [[ADR 9]][adr9]', '0009-use-cockroach.md', 'link'],
    ])('reads %s', (_what, text, target, form) => {
      expect(statementsIn(text, { inStatus: true, definitions })).toEqual([{ relation: 'superseded_by', partial: false, target, form }]);
    });

    // CommonMark: a link's text holds no link, so the inner link is the link and the outer brackets are text.
    it.each([
      ['an inline link in an inline link', 'Superseded by [see [ADR-0009](0009-use-cockroach.md)](0013-other.md)', '0009-use-cockroach.md'],
      ['a reference link in an inline link', 'Superseded by [see [ADR-0009][adr9]](0013-other.md)', '0009-use-cockroach.md'],
      ['a collapsed reference in an inline link', 'Superseded by [see [ADR-0009][]](0013-other.md)', '0009-use-cockroach.md'],
    ])('reads the inner link of %s', (_what, text, target) => {
      expect(statementsIn(text, { inStatus: true, definitions })).toEqual([
        { relation: 'superseded_by', partial: false, target, form: 'link' },
      ]);
    });

    // The same in a full reference (CommonMark spec examples 531–532): the outer brackets are text, and
    // the label after them, when it has a definition, is a shortcut link of its own.
    it.each([
      ['a full reference', 'Superseded by [see [ADR-0009][adr9]][nope]'],
      ['a collapsed reference', 'Superseded by [see [ADR-0009][]][nope]'],
      ['a shortcut reference', 'Superseded by [see [ADR-0009]][nope]'],
      ['a full reference, brackets in its text', 'Superseded by [see [ADR-0009 [draft]][adr9]][nope]'],
    ])('reads the inner link of %s in a full reference whose label has no definition', (_what, text) => {
      expect(statementsIn(text, { inStatus: true, definitions })).toEqual([
        { relation: 'superseded_by', partial: false, target: '0009-use-cockroach.md', form: 'link' },
      ]);
    });

    it.each([
      ['a full reference', 'Superseded by [see [ADR-0009][adr9]][other]'],
      ['a collapsed reference', 'Superseded by [see [ADR-0009][]][other]'],
      ['a shortcut reference', 'Superseded by [see [ADR-0009]][other]'],
    ])('reads the inner link of %s in a full reference, and its label as a link of its own', (_what, text) => {
      expect(statementsIn(text, { inStatus: true, definitions: new Map([...definitions, ['OTHER', '0013-other.md']]) })).toEqual([
        { relation: 'superseded_by', partial: false, target: '0009-use-cockroach.md', form: 'link' },
        { relation: 'superseded_by', partial: false, target: '0013-other.md', form: 'link' },
      ]);
    });

    it('still reads a link whose text holds an image (a badge), or a reference whose label has no definition, as the link', () => {
      expect(statementsIn('Superseded by [![ADR-0009](badge.svg)](0009-use-cockroach.md)', { inStatus: true, definitions })).toEqual([
        { relation: 'superseded_by', partial: false, target: '0009-use-cockroach.md', form: 'link' },
      ]);
      expect(statementsIn('Superseded by [see [ADR-0012][nope]](0009-use-cockroach.md)', { inStatus: true, definitions })).toEqual([
        { relation: 'superseded_by', partial: false, target: '0009-use-cockroach.md', form: 'link' },
      ]);
    });

    it('reads them in a body, and not an image, a label alone or a shortcut whose text has no definition', () => {
      expect(statementsIn('This decision supersedes [Use CockroachDB] and [ADR-0001][adr9].', { definitions })).toEqual([
        { relation: 'supersedes', partial: false, target: 'https://github.com/o/r/blob/main/docs/adr/0009-use-cockroach.md', form: 'link' },
        { relation: 'supersedes', partial: false, target: '0009-use-cockroach.md', form: 'link' },
      ]);
      expect(statementsIn('This supersedes ![diagram][adr9].', { definitions })).toEqual([]);
      expect(statementsIn('This supersedes [the old approach][adr-0012].', { definitions })).toEqual([]);
      expect(statementsIn('This decision supersedes [ADR-0002].', { definitions })).toEqual([
        { relation: 'supersedes', partial: false, target: 'ADR-0002', form: 'reference' },
      ]);
    });
  });

  it.each([
    ['a pull request', 'This supersedes [#12](https://github.com/o/r/pull/12).'],
    ['two records in one text', 'This supersedes [ADR-0002 and ADR-0003](https://wiki.example.com/pages/42).'],
    ['a record only in the destination', 'This supersedes [the old page](https://wiki.example.com/ADR-0002).'],
  ])('reads no record from the text of a link to %s', (_what, text) => {
    expect(statementsIn(text)).toEqual([]);
  });
});

describe('statementsIn: the wording', () => {
  it.each([
    ['⌛️ Superseded [0019](0019-y.md)', 'superseded_by', false],
    ['Replaced by [Y](0019-y.md)', 'superseded_by', false],
    ['Obsoleted by [Y](0019-y.md)', 'superseded_by', false],
    ['Supersedes [Y](0019-y.md)', 'supersedes', false],
    ['Replaces [Y](0019-y.md)', 'supersedes', false],
    ['Deprecated in favour of [Y](0019-y.md)', 'superseded_by', false],
    ['Deprecated in favor of [Y](0019-y.md)', 'superseded_by', false],
    ['♻️ Amended by [Y](0019-y.md)', 'superseded_by', true],
    ['Amends [Y](0019-y.md)', 'supersedes', true],
    ['Refined by [Y](0019-y.md)', 'superseded_by', true],
    ['Partly superseded by [Y](0019-y.md)', 'superseded_by', true],
    ['대체됨: [Y](0019-y.md)', 'superseded_by', false],
    ['대체됨 → [Y](0019-y.md)', 'superseded_by', false],
    ['Ersetzt durch [Y](0019-y.md)', 'superseded_by', false],
    ['Superceded by [Y](0019-y.md)', 'superseded_by', false],
    ['Supercedes [Y](0019-y.md)', 'supersedes', false],
    ['부분 대체됨: [Y](0019-y.md)', 'superseded_by', true],
    ['reemplazado por [Y](0019-y.md)', 'superseded_by', false],
    ['Abgelöst durch [Y](0019-y.md) (2026-09-05, Issue #2129)', 'superseded_by', false],
    ['abgelo\u0308st durch [Y](0019-y.md)', 'superseded_by', false],
    ['Substituído por [Y](0019-y.md)', 'superseded_by', false],
    ['remplacé par [Y](0019-y.md)', 'superseded_by', false],
    ['sostituito da [Y](0019-y.md)', 'superseded_by', false],
    ['vervangen door [Y](0019-y.md)', 'superseded_by', false],
    ['Teilweise abgelöst durch [Y](0019-y.md)', 'superseded_by', true],
    ['Proposé — **partiellement remplacé par [Y](0019-y.md)**', 'superseded_by', true],
    ['Aceptado. Modificado por [Y](0019-y.md) (Oracle)', 'superseded_by', true],
    ['~~Accepted~~ Superseded by [Y](0019-y.md)', 'superseded_by', false],
  ])('reads the status %j', (text, relation, partial) => {
    expect(inStatus(text)).toEqual([{ relation, partial, target: '0019-y.md', form: 'link' }]);
  });

  it.each([
    ['This replaces [ADR 4](https://github.com/o/r/blob/main/adr/0004-x.md).', 'supersedes', false],
    ['It is replaced by [ADR 9](0009-x.md).', 'superseded_by', false],
    ['This ADR refines [ADR 25](0025-x.md): egress is filtered as well.', 'supersedes', true],
    ['This decision is withdrawn in favour of [ADR 9](0009-x.md).', 'superseded_by', false],
    ['[ADR 9](0009-x.md) replaces this decision.', 'superseded_by', false],
    ['이 결정은 [ADR 3](0003-x.md)을 폐기한다.', 'supersedes', false],
    ['이 결정은 [ADR 6](0006-x.md)에 의해 일부 개정되었다.', 'superseded_by', true],
    ['이 결정은 [ADR 6](0006-x.md)로 폐기되었다.', 'superseded_by', false],
    ['本 ADR 已被 [ADR-907](ADR-907-x.md) 完全吸收并取代。', 'superseded_by', false],
    ['本决策由 [ADR-9](0009-x.md) 部分替代。', 'superseded_by', true],
    ['本 ADR 取代了 [ADR-3](0003-x.md)。', 'supersedes', false],
    ['- **Bezug:** löst [ADR-0030](0030-x.md) ab · `internal/auth.go`', 'supersedes', false],
    ['Dieses ADR ersetzt [ADR-3](0003-x.md).', 'supersedes', false],
    ['- **Reemplaza a:** [ADR-0002](0002-x.md)', 'supersedes', false],
    ['- **Modifica a:** [ADR-0007](0007-x.md) (red del worker)', 'supersedes', true],
    ['Cette décision remplace [ADR-4](0004-x.md).', 'supersedes', false],
  ])('reads the prose %j', (text, relation, partial) => {
    expect(statementsIn(text)).toEqual([expect.objectContaining({ relation, partial, form: 'link' })]);
  });

  it.each([
    ['已被 ADR 0010 和 ADR 0012 取代（2026-07-21）', 'superseded_by', ['ADR-0010', 'ADR-0012']],
    ['本决策由 ADR-9、ADR-11 替代。', 'superseded_by', ['ADR-9', 'ADR-11']],
    ['本 ADR 取代了 ADR-3 与 ADR-4。', 'supersedes', ['ADR-3', 'ADR-4']],
  ])('reads every target of a Chinese list in %j', (text, relation, targets) => {
    expect(statementsIn(text).map((s) => [s.relation, s.target])).toEqual(targets.map((target) => [relation, target]));
  });

  it.each([
    ['- 関連: ADR-0006 を置き換える / PRD §10', [['supersedes', 'ADR-0006', false]]],
    ['- 関連: ADR-0010 (一部を覆す), ADR-0011', [['supersedes', 'ADR-0010', true]]],
    ['本ADRは **ADR-006 により置き換え済み**。', [['superseded_by', 'ADR-006', false]]],
    ['この決定は ADR-9 に置き換えられた。', [['superseded_by', 'ADR-9', false]]],
    [
      '- 統合元: [ADR-0026](0026-x.md)（注入スクリプト）, [ADR-0027](0027-y.md)（構成）',
      [
        ['supersedes', '0026-x.md', false],
        ['supersedes', '0027-y.md', false],
      ],
    ],
    ['ADR-0004 を参照。', []],
  ])('reads the Japanese %j', (text, expected) => {
    expect(statementsIn(text).map((s) => [s.relation, s.target, s.partial])).toEqual(expected);
  });

  it.each([
    ['- 取代：ADR 0010 中的 Fastify adapter 与独立 API 进程', 'ADR-0010', true],
    ['- 取代：ADR 0005 的 Python runtime 决定', 'ADR-0005', true],
    ['本 ADR 取代了 ADR-3。', 'ADR-3', false],
  ])('reads a Chinese statement that replaces a part of its target (中的 / 的 …) as partial: %j', (text, target, partial) => {
    expect(statementsIn(text).map((s) => [s.relation, s.target, s.partial])).toEqual([['supersedes', target, partial]]);
  });

  it('reads every record of a Chinese list, bare numbers too, and a part of each when the list ends in 中的', () => {
    expect(statementsIn('- 取代：ADR 0005、0007、0008 中的 Next.js 实现细节').map((s) => [s.relation, s.target, s.partial])).toEqual([
      ['supersedes', 'ADR-0005', true],
      ['supersedes', 'ADR-0007', true],
      ['supersedes', 'ADR-0008', true],
    ]);
    expect(statementsIn('部分被 ADR 0010、0012 和 0013 取代（2026-07-21）').map((s) => s.target)).toEqual([
      'ADR-0010',
      'ADR-0012',
      'ADR-0013',
    ]);
  });

  it('does not carry a Chinese relation past words that are not a list: "取代 ADR-3，参见 ADR-9" supersedes only ADR-3', () => {
    expect(statementsIn('本 ADR 取代 ADR-3，参见 ADR-9。').map((s) => [s.relation, s.target])).toEqual([['supersedes', 'ADR-3']]);
  });

  it.each([
    'https://github.com/o/r/blob/master/decisions/0004-separate-api',
    'https://gitlab.example.com/g/r/-/blob/main/adr/0004-separate-api',
    'https://bitbucket.org/o/r/src/main/adr/0004-separate-api',
  ])('takes a repository file address without its extension as a record: %s', (url) => {
    expect(inStatus(`Amends [Separate API](${url})`)).toEqual([{ relation: 'supersedes', partial: true, target: url, form: 'link' }]);
  });

  it.each([
    'https://github.com/o/r/tree/main/adr',
    'https://example.com/blog/why-we-moved',
    'https://github.com/o/r/blob/main/adr/diagram.png',
  ])('does not take a web address that is no record file for one: %s', (url) => {
    expect(inStatus(`Amends [x](${url})`)).toEqual([]);
  });

  it.each([['本 ADR 参考了 [ADR-3](0003-x.md)。'], ['[ADR-3](0003-x.md) 描述了替代方案的取舍。']])(
    'reads no supersession in the Chinese %j',
    (text) => {
      expect(statementsIn(text)).toEqual([]);
    },
  );

  it.each([
    ['everyday "replaced by" about other things', 'Runbooks that call the tool are replaced by [the new runbook](runbook-x.md).'],
    [
      '"in favour of" about other things',
      'We decommissioned [the old cluster](https://x.org/c.md) in favour of EKS (see [ADR-022](022-EKS.md)).',
    ],
    ['a rejection "in favour of" the chosen option', '❌ Rejected in favour of [3. Use SSO](0003-use-sso.md)'],
    ['a verb "superseded" inside a sentence without "by"', 'It sits in the already-superseded [0010](0010-x.md) record.'],
  ])('reads nothing from %s', (_what, text) => {
    expect(statementsIn(text)).toEqual([]);
  });

  it.each([
    ['승인 (ADR-0024가 부분 대체 — 봇 스캐닝 404는 수집하지 않는다)', true],
    ['승인 (ADR-0024가 대체)', false],
    ['승인 (ADR-0024이 일부 대체).', true],
  ])('reads the Korean status note %j: the record named as subject replaces this one', (text, partial) => {
    expect(inStatus(text)).toEqual([{ relation: 'superseded_by', partial, target: 'ADR-0024', form: 'reference' }]);
  });

  it('reads a Korean bare stem after a subject only in the status, where the subject replaces the record', () => {
    expect(statementsIn('ADR-0024가 대체.')).toEqual([]);
  });

  it('reads no supersession from a compound noun that starts with the stem ("대체 방안", an alternative plan)', () => {
    expect(inStatus('승인 (ADR-0024가 대체 방안을 제시함)')).toEqual([]);
  });

  it.each([
    ['"löst" without its "ab" (solves)', 'Das löst das Problem aus [ADR-3](0003-x.md).'],
    ['a struck-out supersession', '~~Superseded by [ADR-3](0003-x.md)~~ Accepted again.'],
    ['a label with "a" before the record, as a title', 'Reemplaza a:'],
    ['a template placeholder', 'Reemplazado por ADR-XXXX'],
  ])('reads nothing from %s', (_what, text) => {
    expect(inStatus(text)).toEqual([]);
  });

  it('does not take an issue number after the verb for a record', () => {
    expect(inStatus('Superseded by [Y](0019-y.md) (Issue #2129, PR #12); closes #7').map((s) => s.target)).toEqual(['0019-y.md']);
    expect(inStatus('Superseded by #19').map((s) => s.target)).toEqual(['#19']);
  });

  it('reads a rejection "in favour of" as nothing in the status too', () => {
    expect(inStatus('❌ Rejected in favour of [3. Use SSO](0003-use-sso.md)')).toEqual([]);
  });

  it('gives each target the nearest verb before it', () => {
    expect(inStatus('Supersedes [A](0002-a.md) and is superseded by [B](0009-b.md)').map((s) => [s.relation, s.target])).toEqual([
      ['supersedes', '0002-a.md'],
      ['superseded_by', '0009-b.md'],
    ]);
  });

  it('reads every target after one verb', () => {
    expect(statementsIn('This ADR supersedes [A](0002-a.md), ADR-3 and #4.').map((s) => s.target)).toEqual(['0002-a.md', 'ADR-3', '#4']);
  });
});

describe('statementsIn: a thing inside the record replaced ("replaces the retry policy in ADR-0012")', () => {
  const read = (text: string, status = false) =>
    statementsIn(text, { inStatus: status }).map((s) => [s.relation, s.target, s.partial] as const);

  it.each([
    ['This decision replaces the retry policy in ADR-0012.', 'ADR-0012'],
    ['This ADR replaces the section on token storage of ADR-0012.', 'ADR-0012'],
    ['Supersedes the rate limiting section of ADR-0012.', 'ADR-0012'],
    ['This decision replaces the **token refresh** flow in ADR-0012.', 'ADR-0012'],
    ['It supersedes the `retry-after` handling in [ADR 12](0012-x.md).', '0012-x.md'],
    ['Replaces the rate-limiting rules from [ADR-0012](0012-x.md)', '0012-x.md'],
  ])('reads %j as partial', (text, target) => {
    expect(read(text)).toEqual([['supersedes', target, true]]);
  });

  it('reads it in a status too', () => {
    expect(read('Supersedes: the Redis section of ADR-0012', true)).toEqual([['supersedes', 'ADR-0012', true]]);
  });

  it.each([
    'This decision replaces ADR-0012.',
    'This decision supersedes ADR-0012.',
    'Supersedes ADR-0012 in its entirety.',
    'This decision replaces the decision recorded in ADR-0012.',
    'This ADR supersedes the one in ADR-0012.',
    'This supersedes the whole of ADR-0012.',
    'This decision supersedes all of ADR-0012.',
    'This replaces the earlier decision, ADR-0012.',
    'This replaces the authentication approach from ADR-0012.',
    'This ADR supersedes the strategy outlined in ADR-0012.',
    'This decision replaces the recommendation in ADR-0012.',
    'Replaces the design from ADR-0012.',
  ])('keeps %j full', (text) => {
    expect(read(text)).toEqual([['supersedes', 'ADR-0012', false]]);
  });

  it('does not read a clause that is no object of the verb as a part ("as noted in"), nor the record it cites as an object', () => {
    expect(read('Supersedes ADR-0011, as noted in ADR-0012.')).toEqual([['supersedes', 'ADR-0011', false]]);
  });

  it('reads each record of a list by what is named of it', () => {
    expect(read('This ADR supersedes ADR-0011 and the retry policy in ADR-0012.')).toEqual([
      ['supersedes', 'ADR-0011', false],
      ['supersedes', 'ADR-0012', true],
    ]);
    expect(read('This decision supersedes the retry policy in ADR-0012 and ADR-0013.')).toEqual([
      ['supersedes', 'ADR-0012', true],
      ['supersedes', 'ADR-0013', true],
    ]);
    expect(read('This decision supersedes the retry policy in ADR-0012, ADR-0013.')).toEqual([
      ['supersedes', 'ADR-0012', true],
      ['supersedes', 'ADR-0013', true],
    ]);
  });

  it('makes "part of" partial only for the records named after it, and "partly" for every record', () => {
    expect(read('This ADR supersedes ADR-0011 and the caching part of ADR-0012.')).toEqual([
      ['supersedes', 'ADR-0011', false],
      ['supersedes', 'ADR-0012', true],
    ]);
    expect(read('This ADR supersedes ADR-0011 and parts of ADR-0012.')).toEqual([
      ['supersedes', 'ADR-0011', false],
      ['supersedes', 'ADR-0012', true],
    ]);
    expect(read('Part of this decision is superseded by ADR-0012.')).toEqual([['superseded_by', 'ADR-0012', true]]);
    expect(read('This ADR partly supersedes ADR-0011 and ADR-0012.')).toEqual([
      ['supersedes', 'ADR-0011', true],
      ['supersedes', 'ADR-0012', true],
    ]);
    expect(read('As part of the migration, this ADR supersedes ADR-0011.')).toEqual([['supersedes', 'ADR-0011', false]]);
    // "part of" naming no record: every statement of the sentence is partial, wherever it stands.
    expect(read('This ADR is superseded by ADR-0012 for parts of the API.')).toEqual([['superseded_by', 'ADR-0012', true]]);
  });

  it.each([
    ['- Menggantikan: ADR-0014 dan argumen di ADR-0015', 'ADR-0015'],
    ['- Menggantikan: ADR-0014 serta bagian penyimpanan dari [ADR-0015](0015-x.md)', '0015-x.md'],
    ['Menggantikan ADR-0014 dan argumen kinerja pada ADR-0015.', 'ADR-0015'],
  ])('reads the Indonesian list %j: the record first full, the one a thing is named in partial', (text, target) => {
    expect(read(text)).toEqual([
      ['supersedes', 'ADR-0014', false],
      ['supersedes', target, true],
    ]);
  });

  it('keeps a record named as a whole in an Indonesian list full ("dan keputusan di ADR-0015")', () => {
    expect(read('- Menggantikan: ADR-0014 dan keputusan di ADR-0015')).toEqual([
      ['supersedes', 'ADR-0014', false],
      ['supersedes', 'ADR-0015', false],
    ]);
  });
});

describe('statementsIn: a record cited as the source of the sentence ("as ADR-0005 states") is no object of its verb', () => {
  const read = (text: string, inStatus = false, self?: string) =>
    statementsIn(text, { inStatus, isSelf: (target) => target === self }).map((s) => [s.relation, s.target] as const);

  it.each([
    'This ADR supersedes ADR-0003, as ADR-0005 states.',
    'This ADR supersedes ADR-0003 as ADR-0005 says.',
    'This ADR supersedes ADR-0003, as ADR-0005 has already noted.',
    'This ADR supersedes ADR-0003 (as ADR-0005 explains).',
    'This ADR supersedes ADR-0003, as described in ADR-0005.',
    'This ADR supersedes ADR-0003 (see ADR-0005).',
    'This ADR supersedes ADR-0003; see also [ADR-0005](0005-x.md).',
    'This ADR supersedes ADR-0003 per ADR-0005.',
    'This ADR supersedes ADR-0003, according to ADR-0005.',
    'This ADR supersedes, as ADR-0005 explains, ADR-0003.',
  ])('%s', (text) => {
    expect(read(text)).toEqual([['supersedes', 'ADR-0003']]);
  });

  it('leaves out a cited list whole, and reads a record named after the citation', () => {
    expect(read('This ADR supersedes ADR-0003, as ADR-0005 and ADR-0006 say.')).toEqual([['supersedes', 'ADR-0003']]);
    expect(read('This ADR supersedes ADR-0003 and, as ADR-0005 states, ADR-0004.')).toEqual([
      ['supersedes', 'ADR-0003'],
      ['supersedes', 'ADR-0004'],
    ]);
  });

  it('in a status and in a sentence about two other records too; the only record after the verb stays its object', () => {
    expect(read('Superseded by ADR-0005 (see ADR-0006 for the migration)', true)).toEqual([['superseded_by', 'ADR-0005']]);
    expect(read('Superseded (see [ADR-0012](0012-x.md))', true)).toEqual([['superseded_by', '0012-x.md']]);
    expect(read('ADR-0003 is superseded by ADR-0005, as ADR-0006 states.', false, 'ADR-0005')).toEqual([['supersedes', 'ADR-0003']]);
  });

  it.each([
    'This ADR supersedes ADR-0003 because ADR-0005 failed.',
    'This ADR supersedes ADR-0003, which ADR-0005 introduced.',
    'This ADR supersedes ADR-0003 since ADR-0005 and ADR-0006 were rejected.',
    'This ADR supersedes ADR-0003 after [ADR-0005](0005-x.md) was withdrawn.',
    'This ADR supersedes ADR-0003 and ensures that ADR-0005 still holds.',
    'This ADR supersedes ADR-0003, as ADR-0005 never shipped.',
  ])('a record in a clause of its own, with its own verb, is no object: %s', (text) => {
    expect(read(text)).toEqual([['supersedes', 'ADR-0003']]);
    // "as well as", "such as", or a clause word with no verb of its own after the record: an object still.
    for (const other of [
      ' as well as ADR-0007 entirely.',
      ', and older records such as ADR-0007 outright.',
      ' and, since 2021, ADR-0007 in full.',
    ])
      expect(read(text.replace(/\.$/, other)), other).toContainEqual(['supersedes', 'ADR-0007']);
  });

  it.each([
    ['This ADR replaces that ADR-0005 decision on caching and ADR-0003.', ['ADR-0005', 'ADR-0003']],
    ['This ADR supersedes ADR-0003 and that ADR-0005 decision on caching.', ['ADR-0003', 'ADR-0005']],
    ['This replaces that ADR-0005 decision on caching, as ADR-0006 states.', ['ADR-0005']],
    ['This ADR supersedes ADR-0003 and which ADR 5 approach it kept.', ['ADR-0003', 'ADR-5']],
    ['This ADR supersedes ADR-0003 and that ADR-0005 process.', ['ADR-0003', 'ADR-0005']],
  ])('a record inside a noun phrase after "that" / "which" is an object: %s', (text, targets) => {
    expect(read(text)).toEqual(targets.map((target) => ['supersedes', target]));
  });

  it.each([
    ['This ADR replaces ADR-0014 and builds on ADR-0013.', ['ADR-0014']],
    ['This ADR replaces ADR-0014 and builds on ADR-0013 and ADR-0012.', ['ADR-0014']],
    ['This ADR supersedes ADR-0003, but keeps ADR-0005.', ['ADR-0003']],
    ['This ADR supersedes ADR-0003 and also extends [ADR-0005](0005-x.md).', ['ADR-0003']],
    // An object of the same verb after "and": a part of a record, its own words.
    ['This ADR replaces ADR-0014, ADR-0015 and parts of ADR-0013.', ['ADR-0014', 'ADR-0015', 'ADR-0013']],
    ['This ADR supersedes ADR-0003 and its follow-up ADR-0004.', ['ADR-0003', 'ADR-0004']],
    ['This ADR supersedes ADR-0003 and supersedes ADR-0004 too.', ['ADR-0003', 'ADR-0004']],
  ])('a record after "and" and a verb of another kind is no object of the supersession verb: %s', (text, targets) => {
    expect(statementsIn(text).map((s) => s.target)).toEqual(targets);
  });

  it.each([
    ['This ADR replaces that ADR-0005 decision with a queue described in ADR-0003.', ['ADR-0005']],
    ['This ADR replaces ADR-0005 with the approach from ADR-0003.', ['ADR-0005']],
    ['This ADR replaces ADR-0005 using the queue defined in ADR-0003 and ADR-0004.', ['ADR-0005']],
    ['This ADR supersedes ADR-0002 with the design of [ADR-0004](0004-x.md).', ['ADR-0002']],
    ['This ADR supersedes ADR-0002 in favour of the design in ADR-0004.', ['ADR-0002']],
    // Still objects: a part of a record after "along with", a record right after "with" (it replaces the one before).
    ['This ADR supersedes ADR-0002 along with the caching part of ADR-0004.', ['ADR-0002', 'ADR-0004']],
    ['This ADR supersedes ADR-0002 and the design in ADR-0004.', ['ADR-0002', 'ADR-0004']],
    // Dutch: "met … beschreven in", "en <verb>" ("bouwt voort op", builds on; "behoudt", keeps).
    ['Dit ADR vervangt ADR-0005 met een wachtrij beschreven in ADR-0003.', ['ADR-0005']],
    ['Dit besluit vervangt ADR-0005 met de aanpak uit ADR-0003.', ['ADR-0005']],
    ['Dit besluit vervangt ADR-0005 en bouwt voort op ADR-0007.', ['ADR-0005']],
    ['Dit besluit vervangt ADR-0005, maar behoudt ADR-0007.', ['ADR-0005']],
    ['Dit besluit vervangt ADR-0005 en het besluit in ADR-0007.', ['ADR-0005', 'ADR-0007']],
    ['Dit besluit vervangt ADR-0005 en delen van ADR-0007.', ['ADR-0005', 'ADR-0007']],
  ])('a record after "with / using / in favour of" and a thing described in it is no object of the verb: %s', (text, targets) => {
    expect(statementsIn(text).map((s) => s.target)).toEqual(targets);
  });

  it.each([
    ['이 결정은 ADR-0005 결정을 대체한다.', [['supersedes', 'ADR-0005']]],
    ['이 결정은 ADR-0005의 캐싱 결정을 대체한다.', [['supersedes', 'ADR-0005']]],
    [
      '이 결정은 ADR-0003 및 ADR-0005 결정을 대체한다.',
      [
        ['supersedes', 'ADR-0003'],
        ['supersedes', 'ADR-0005'],
      ],
    ],
    ['이 결정은 기존 ADR-0005 방식을 대체한다.', [['supersedes', 'ADR-0005']]],
  ])('Korean, a record inside the object noun phrase before the verb (the ADR-0005 decision): %s', (text, expected) => {
    expect(read(text)).toEqual(expected);
    // Not a record that is the subject ("ADR-0006은 …"), nor one before a citing verb ("… 결정을 바탕으로").
    expect(read('ADR-0005 결정을 바탕으로 ADR-0003을 대체한다.')).toEqual([['supersedes', 'ADR-0003']]);
    expect(read('ADR-0006은 ADR-0005 결정을 대체한다.')).toEqual([]);
    // "[X] 본 문서를 대체한다": the noun phrase is this record, the object X replaces.
    expect(read('[B](b.md) 본 문서를 대체한다.')).toEqual([]);
  });

  it('after "that" a record with a verb of its own is still no object, and a list may take a plain plural verb', () => {
    expect(read('This ADR supersedes ADR-0003 and ensures that ADR-0005 was kept.')).toEqual([['supersedes', 'ADR-0003']]);
    expect(read('This ADR supersedes ADR-0003, which ADR-0005 said would happen.')).toEqual([['supersedes', 'ADR-0003']]);
    expect(read('This ADR supersedes ADR-0003 and ensures that ADR-0005 and ADR-0006 remain in force.')).toEqual([
      ['supersedes', 'ADR-0003'],
    ]);
  });

  it('in a status too: "Superseded by ADR-0007 once ADR-0008 is live"', () => {
    expect(read('Superseded by ADR-0007 once ADR-0008 is live', true)).toEqual([['superseded_by', 'ADR-0007']]);
  });

  it.each([
    'ADR-0005를 도입한 ADR-0003을 대체한다.',
    'ADR-0005를 채택한 뒤 ADR-0003을 대체한다.',
    'ADR-0005가 실패했으므로 이 결정은 ADR-0003을 대체한다.',
  ])('Korean, a record in a clause of its own (which introduced it, after adopting it, because it failed): %s', (text) => {
    expect(read(text)).toEqual([['supersedes', 'ADR-0003']]);
    // As "ADR-0005가 실패했기 때문에 ADR-0003을 대체한다" already read; "포함한" (including) keeps its record an object,
    // and the replacing verb right after the particle is no clause of its own.
    expect(read('ADR-0005가 실패했기 때문에 ADR-0003을 대체한다.')).toEqual([['supersedes', 'ADR-0003']]);
    expect(read('ADR-0003을 포함한 ADR-0004를 대체한다.')).toEqual([
      ['supersedes', 'ADR-0003'],
      ['supersedes', 'ADR-0004'],
    ]);
    expect(read('ADR-0003을 대체하고 ADR-0004를 개정한다.')).toEqual([
      ['supersedes', 'ADR-0003'],
      ['supersedes', 'ADR-0004'],
    ]);
    expect(read('ADR-0005가 이 결정을 대체한다.')).toEqual([['superseded_by', 'ADR-0005']]);
  });

  it('reads no title from ", see" after a bare status verb: the record after it is the successor', () => {
    expect(statementsIn('Superseded, see ADR-0012', { inStatus: true }).map((s) => [s.relation, s.target, s.form])).toEqual([
      ['superseded_by', 'ADR-0012', 'reference'],
    ]);
    expect(statementsIn('Superseded; see [ADR-0012](0012-x.md)', { inStatus: true }).map((s) => [s.target, s.form])).toEqual([
      ['0012-x.md', 'link'],
    ]);
  });

  it.each([
    'ADR-0005를 참고하여 ADR-0003을 대체한다.',
    'ADR-0005를 참조해 ADR-0003을 대체한다.',
    '이 결정은 ADR-0005를 바탕으로 ADR-0003을 대체한다.',
  ])('Korean, the object particle before a citing verb (with reference to, based on): %s', (text) => {
    expect(read(text)).toEqual([['supersedes', 'ADR-0003']]);
    // As "ADR-0005에 따르면" (according to) and "ADR-0005에서 말하듯" (as ADR-0005 says) already read.
    expect(read(text.replace(/ADR-0005를 \S+/, 'ADR-0005에 따르면'))).toEqual([['supersedes', 'ADR-0003']]);
  });
});

describe('statementsIn: Turkish "Bu karar ADR-0003\'ün yerini alır" (this decision takes the place of ADR-0003) in prose', () => {
  const read = (text: string) => statementsIn(text).map((s) => [s.relation, s.target, s.partial] as const);

  it.each([
    ["Bu karar ADR-0003'ün yerini alır.", 'ADR-0003'],
    ['Bu karar ADR-0003’ün yerini alır.', 'ADR-0003'],
    ["Bu karar, ADR-0004'un yerini alıyor.", 'ADR-0004'],
    ["Bu ADR, ADR-0002'nin yerini alacaktır.", 'ADR-0002'],
    ["Bu karar ADR-0011'ın yerini aldı.", 'ADR-0011'],
    ["Bu belge [ADR-0005](0005-x.md)'in yerini almıştır.", '0005-x.md'],
  ])('reads %j as this record superseding the record named', (text, target) => {
    expect(read(text)).toEqual([['supersedes', target, false]]);
  });

  it.each([
    "Kafka, ADR-0003'ün yerini aldı.",
    "Bu yaklaşım ADR-0003'ün yerini alır.",
    'Bu karar ADR-0003 ile birlikte okunmalı; eski kuyruğun yerini alır.',
  ])('reads nothing from %j (no "this decision", or no record in the genitive before the verb)', (text) => {
    expect(read(text)).toEqual([]);
  });

  it('reads every record of a list the genitive closes, in prose and in a status', () => {
    expect(read('Bu karar ADR-0002 ve [ADR-0003](0003-x.md)’ün yerini alır.')).toEqual([
      ['supersedes', 'ADR-0002', false],
      ['supersedes', '0003-x.md', false],
    ]);
    expect(
      statementsIn("Durum: Kabul edildi (ADR-0002, ADR-0006 ile ADR-0003'ün yerini alır)", { inStatus: true }).map((s) => s.target),
    ).toEqual(['ADR-0002', 'ADR-0006', 'ADR-0003']);
  });

  it('reads only the record in the genitive right before the verb', () => {
    expect(read("Bu karar alındığında ADR-0005 hazırdı, ADR-0003'ün yerini alır.")).toEqual([['supersedes', 'ADR-0003', false]]);
    // The verb closes its clause: a record after it is none of its (before, ADR-0003 read as this record's successor).
    expect(read("Bu karar ADR-0005'in yerini alır ve ADR-0003'te açıklanan kuyruğu kullanır.")).toEqual([
      ['supersedes', 'ADR-0005', false],
    ]);
    expect(read("Bu karar ADR-0005'in yerini alır ve ADR-0003 ile uyumludur.")).toEqual([['supersedes', 'ADR-0005', false]]);
  });
});

describe('statementsIn: Japanese "[A] の認証部分を [B] に置き換える" (replace the auth part of A with B)', () => {
  // Read as ADR-0009's own text.
  const read = (text: string) =>
    statementsIn(text, { isSelf: (target) => /0009/.test(target) }).map((s) => [s.relation, s.target, s.partial] as const);

  it.each([
    ['ADR-0003 の認証部分を ADR-0009 に置き換える。', 'ADR-0003', true],
    ['ADR-0003の認証部分をADR-0009に置き換える。', 'ADR-0003', true],
    ['ADR-0003 の認証部分を本 ADR に置き換える。', 'ADR-0003', true],
    ['[ADR-0003](0003-x.md) のセッション管理の節をこの決定により置き換える。', '0003-x.md', true],
    ['ADR-0003 の認証の節を置き換える。', 'ADR-0003', true],
    ['ADR-0003 の決定を ADR-0009 に置き換える。', 'ADR-0003', false],
  ])('reads %j as this record superseding A (in part when a part is named)', (text, target, partial) => {
    expect(read(text)).toEqual([['supersedes', target, partial]]);
  });

  it.each([
    ['ADR-0009 の認証部分を ADR-0012 に置き換える。', 'ADR-0012'],
    ['本 ADR の認証部分を ADR-0012 により置き換える。', 'ADR-0012'],
  ])('reads %j, a part of this record replaced, as partly superseded by B', (text, target) => {
    expect(read(text)).toEqual([['superseded_by', target, true]]);
  });

  it.each(['ADR-0003 の認証部分を ADR-0004 に置き換える。', 'ADR-0003 の方針は変わらない。ADR-0004 を参照。'])(
    'reads nothing of this record from %j',
    (text) => {
      expect(read(text)).toEqual([]);
    },
  );
});

describe('statementsIn: Japanese "[A] を [B] で置き換える" (replace A with B), as "[B] に置き換える"', () => {
  // Read as ADR-0009's own text.
  const read = (text: string) =>
    statementsIn(text, { isSelf: (target) => /0009/.test(target) }).map((s) => [s.relation, s.target, s.partial] as const);

  it.each([
    ['ADR-0003 を ADR-0009 で置き換える。', [['supersedes', 'ADR-0003', false]]],
    ['ADR-0003 を本 ADR で置き換える。', [['supersedes', 'ADR-0003', false]]],
    ['ADR-0003 の認証部分を ADR-0009 で置換する。', [['supersedes', 'ADR-0003', true]]],
    ['本 ADR は ADR-0012 で置き換えられた。', [['superseded_by', 'ADR-0012', false]]],
  ])('reads %j', (text, statements) => {
    expect(read(text)).toEqual(statements);
  });

  it.each(['ADR-0003 を ADR-0004 で置き換える。', 'ADR-0003 で決めた方式を置き換える。', '全エンドポイントを ADR-0012 で覆う。'])(
    'reads nothing of this record from %j (two other records, a record that is no replacement, "cover with")',
    (text) => {
      expect(read(text)).toEqual([]);
    },
  );
});

describe('statementsIn: "superseded by" as Spanish, Portuguese without its accent and Italian write it', () => {
  const read = (text: string, inStatus = false) => statementsIn(text, { inStatus }).map((s) => [s.relation, s.target, s.partial] as const);

  it.each([
    ['Superado por [ADR-5](0005-x.md)', '0005-x.md'],
    ['Substituido por ADR-5', 'ADR-5'],
    ['Superata da ADR-5', 'ADR-5'],
  ])('reads %j as superseded by the record named', (text, target) => {
    expect(read(text)).toEqual([['superseded_by', target, false]]);
  });

  it('reads nothing from prose that uses the word of something else', () => {
    expect(read('El rendimiento fue superado por ADR-5 en las pruebas.')).toEqual([]);
  });
});
