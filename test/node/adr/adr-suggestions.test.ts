import { describe, expect, it } from 'vitest';
import { suggestStaleness, MAX_PER_RECORD, type SuggestionRecord } from '../../../electron/adr/adr-suggestions';
import { SubjectIndex, subjectTerms } from '../../../electron/adr/suggestion-terms';

/** A record of folder `adr/`, numbered `n`, decided on `date`; the rest from `extra`. */
function record(n: number, title: string, date: string | null, text: string, extra: Partial<SuggestionRecord> = {}): SuggestionRecord {
  const file = `adr/${String(n).padStart(4, '0')}-${title.toLowerCase().replace(/\W+/g, '-')}.md`;
  return {
    document_id: `adr-${n}`,
    adr_id: `ADR-${String(n).padStart(4, '0')}`,
    title,
    status: 'accepted',
    status_text: 'Accepted',
    decided_at: date,
    path: file,
    text: `# ${n}. ${title}\n\n## Decision\n\n${text}`,
    entities: [],
    successors: [],
    marked: false,
    ...extra,
  };
}

const datadog = (extra: Partial<SuggestionRecord> = {}) =>
  record(6, 'Use Datadog for monitoring', '2020-06-01', 'Metrics, dashboards and alerts live in Datadog.', extra);
const grafana = (sentence: string, extra: Partial<SuggestionRecord> = {}) =>
  record(7, 'Use Grafana Cloud for dashboards', '2023-01-15', sentence, extra);
const TAKES_OVER = 'Grafana Cloud takes over from [ADR-0006](0006-use-datadog-for-monitoring.md) for all dashboards and alerts.';

const only = (records: SuggestionRecord[], id: string) => suggestStaleness(records).get(id) ?? [];

describe('stale-ADR suggestions: replacement wording', () => {
  it('suggests the older record a newer one names with replacement wording, with that sentence as evidence and the newer record as successor', () => {
    const [suggestion, ...rest] = only([datadog(), grafana(TAKES_OVER)], 'adr-6');
    expect(rest).toEqual([]);
    expect(suggestion).toMatchObject({
      kind: 'replacement_wording',
      successor: { document_id: 'adr-7', adr_id: 'ADR-0007' },
      evidence: [{ document_id: 'adr-7', adr_id: 'ADR-0007', quote: TAKES_OVER }],
    });
    // "takes over from" is weaker wording: 0.95 × 0.85 × (0.8 + 0.2·similarity).
    expect(suggestion?.score).toBeGreaterThanOrEqual(0.95 * 0.85 * 0.8 - 0.001);
    expect(suggestion?.score).toBeLessThanOrEqual(0.95 * 0.85 + 0.001);
  });

  it('reads a record named by a reference-style link, the definition being no sentence and the link text ending none', () => {
    const sentence = 'Grafana Cloud takes over from [ADR 6. Use Datadog][datadog] for all dashboards and alerts.';
    const [suggestion, ...rest] = only([datadog(), grafana(`${sentence}\n\n[datadog]:\n  0006-use-datadog-for-monitoring.md`)], 'adr-6');
    expect(rest).toEqual([]);
    expect(suggestion).toMatchObject({
      kind: 'replacement_wording',
      successor: { document_id: 'adr-7' },
      evidence: [{ document_id: 'adr-7', quote: sentence }],
    });
  });

  it('reads the inner link of a link around a link as the record reader does (CommonMark: a link holds no link), inline or by reference', () => {
    const nagios = record(5, 'Use Nagios for alerting', '2019-03-01', 'Alerts go through Nagios.');
    const definitions = '[datadog]: 0006-use-datadog-for-monitoring.md\n[nagios]: 0005-use-nagios-for-alerting.md';
    const suggested = (sentence: string) => {
      const all = suggestStaleness([nagios, datadog(), grafana(`${sentence}\n\n${definitions}`)]);
      return ['adr-5', 'adr-6'].filter((id) => (all.get(id) ?? []).length > 0);
    };
    expect(
      suggested('Grafana Cloud replaces [see [the Datadog decision][datadog]](0005-use-nagios-for-alerting.md) for dashboards.'),
    ).toEqual(['adr-6']);
    // The label after the outer brackets is a shortcut link of its own, to ADR-0005.
    expect(suggested('Grafana Cloud replaces [see [the Datadog decision][datadog]][nagios] for dashboards.')).toEqual(['adr-5', 'adr-6']);
  });

  it('does not take a record the sentence cites as its source for one it replaces, as the record reader does not', () => {
    const prometheus = record(5, 'Use Prometheus for metrics', '2021-02-01', 'Metrics are scraped by Prometheus.');
    const suggested = (sentence: string) =>
      [...suggestStaleness([datadog(), prometheus, grafana(sentence)])].filter(([, list]) => list.length > 0).map(([id]) => id);
    expect(suggested('This ADR supersedes ADR-0006, as ADR-0005 states.')).toEqual(['adr-6']);
    expect(suggested('This ADR supersedes [ADR-0006](0006-use-datadog-for-monitoring.md) (see ADR-0005).')).toEqual(['adr-6']);
    expect(suggested('This ADR supersedes ADR-0006 per ADR-0005.')).toEqual(['adr-6']);
  });

  it('leaves out a cited list and a record in a clause of its own, as the record reader does', () => {
    const prometheus = record(5, 'Use Prometheus for metrics', '2021-02-01', 'Metrics are scraped by Prometheus.');
    const nagios = record(4, 'Use Nagios for alerting', '2019-03-01', 'Alerts go through Nagios.', { decided_at: '2019-03-01' });
    const suggested = (sentence: string) =>
      [...suggestStaleness([nagios, prometheus, datadog(), grafana(sentence)])].filter(([, list]) => list.length > 0).map(([id]) => id);
    expect(suggested('This ADR supersedes ADR-0006, as ADR-0004 and ADR-0005 say.')).toEqual(['adr-6']);
    expect(suggested('This ADR supersedes ADR-0006 because ADR-0005 failed.')).toEqual(['adr-6']);
    expect(suggested('This ADR supersedes ADR-0006, which [ADR-0005](0005-use-prometheus-for-metrics.md) introduced.')).toEqual(['adr-6']);
    // Named as objects, each is suggested.
    expect(suggested('This ADR supersedes ADR-0006, ADR-0004 and ADR-0005.').sort()).toEqual(['adr-4', 'adr-5', 'adr-6']);
    // A record inside a noun phrase after "that" is an object too.
    expect(suggested('This ADR supersedes ADR-0006 and that ADR-0005 decision on metrics.').sort()).toEqual(['adr-5', 'adr-6']);
  });

  it('leaves out a record after "and" and a verb of another kind, or after "with" and a thing it describes, as the record reader does', () => {
    const prometheus = record(5, 'Use Prometheus for metrics', '2021-02-01', 'Metrics are scraped by Prometheus.');
    const suggested = (sentence: string) =>
      [...suggestStaleness([prometheus, datadog(), grafana(sentence)])].filter(([, list]) => list.length > 0).map(([id]) => id);
    expect(suggested('This ADR replaces ADR-0006 and builds on ADR-0005.')).toEqual(['adr-6']);
    expect(suggested('This ADR supersedes ADR-0006, but keeps [ADR-0005](0005-use-prometheus-for-metrics.md).')).toEqual(['adr-6']);
    expect(suggested('This ADR replaces that ADR-0006 decision with the scraper described in ADR-0005.')).toEqual(['adr-6']);
    // Objects of the same verb after "and" are each suggested.
    expect(suggested('This ADR replaces ADR-0006 and parts of ADR-0005.').sort()).toEqual(['adr-5', 'adr-6']);
  });

  it('a sentence about two other records suggests the replaced one, with the other as its successor, and never the replacer', () => {
    // ADR-0005 (Prometheus) replaces ADR-0006 (Datadog), as ADR-0007 (Grafana) says: ADR-0007 replaces neither.
    const prometheus = record(5, 'Use Prometheus for metrics', '2021-02-01', 'Metrics are scraped by Prometheus.');
    const datadogBefore = record(4, 'Use Datadog for monitoring', '2020-06-01', 'Metrics live in Datadog.');
    const read = (sentence: string) =>
      [...suggestStaleness([datadogBefore, prometheus, grafana(sentence)])]
        .filter(([, list]) => list.length > 0)
        .map(([id, list]) => [id, list.map((s) => s.successor?.document_id)]);
    for (const sentence of [
      'ADR-0004 is superseded by ADR-0005.',
      'ADR-0004 was replaced by [ADR-0005](0005-use-prometheus-for-metrics.md) last year.',
      'ADR-0005 supersedes ADR-0004.',
      'ADR-0004 states that ADR-0005 supersedes it.',
    ])
      expect([sentence, read(sentence)]).toEqual([sentence, [['adr-4', ['adr-5']]]]);
    // Written by the newer record itself, it is its own successor as before.
    expect(read('This ADR supersedes ADR-0004.')).toEqual([['adr-4', ['adr-7']]]);
    expect(read('ADR-0004 is superseded by this ADR.')).toEqual([['adr-4', ['adr-7']]]);
  });

  it('reads a record named by the text of a link to an anchor as the record reader does, not a pull request by its number', () => {
    const named = (sentence: string) => only([datadog(), grafana(sentence)], 'adr-6').map((s) => s.successor?.document_id);
    expect(named('Grafana Cloud replaces [ADR-0006](#adr-0006) for all dashboards.')).toEqual(['adr-7']);
    expect(named('Grafana Cloud replaces [ADR-0006](0006-use-datadog-for-monitoring.md#decision) for all dashboards.')).toEqual(['adr-7']);
    expect(named('Grafana Cloud replaces [the old setup](#adr-0006) as of [#6](https://github.com/o/r/pull/6).')).toEqual([]);
  });

  it('scores a strong verb above weaker wording for the same pair', () => {
    const weak = only([datadog(), grafana(TAKES_OVER)], 'adr-6')[0]?.score ?? 0;
    const strong = only([datadog(), grafana(TAKES_OVER.replace('takes over from', 'replaces'))], 'adr-6')[0]?.score ?? 0;
    expect(strong).toBeGreaterThan(weak);
  });

  it('reads a drift edge as replacement wording: only the newer record says so, the older one still reads as in force', () => {
    const drifted = datadog({ successors: [{ document_id: 'adr-7', adr_id: 'ADR-0007', partial: false, drift: true }] });
    expect(only([drifted, grafana(TAKES_OVER)], 'adr-6')[0]).toMatchObject({
      kind: 'replacement_wording',
      successor: { document_id: 'adr-7' },
    });
  });

  it('leaves out what the graph or the analyst already marks: an edge the record agrees with, a local mark, a rejected or deprecated record', () => {
    const edge = { document_id: 'adr-7', adr_id: 'ADR-0007', partial: true, drift: false };
    for (const extra of [{ successors: [edge] }, { marked: true }, { status: 'rejected' }, { status: 'deprecated' }])
      expect(only([datadog(extra), grafana(TAKES_OVER)], 'adr-6'), JSON.stringify(extra)).toEqual([]);
  });

  it('takes nothing from an older record or a rejected one, and nothing from words that keep the record in force or name it as the replacer', () => {
    expect(only([datadog({ decided_at: '2024-01-01' }), grafana(TAKES_OVER)], 'adr-6')).toEqual([]);
    expect(only([datadog(), grafana(TAKES_OVER, { status: 'rejected' })], 'adr-6')).toEqual([]);
    for (const sentence of [
      'This decision does not replace [ADR-0006](0006-use-datadog-for-monitoring.md); it adds dashboards.',
      '[ADR-0006](0006-use-datadog-for-monitoring.md)의 Datadog 경보는 그대로 유지한다.',
      '[ADR-0006](0006-use-datadog-for-monitoring.md) replaced the old Nagios checks.',
      'As [ADR-0006](0006-use-datadog-for-monitoring.md) says, alerts go to the on-call channel.',
    ])
      expect(only([datadog(), grafana(sentence)], 'adr-6'), sentence).toEqual([]);
  });

  it('orders by record number when a date is missing, with a lower score than by date', () => {
    const dated = only([datadog(), grafana(TAKES_OVER)], 'adr-6')[0]?.score ?? 0;
    const numbered = only([datadog({ decided_at: null }), grafana(TAKES_OVER)], 'adr-6')[0];
    expect(numbered?.kind).toBe('replacement_wording');
    expect(numbered?.score).toBeLessThan(dated);
  });
});

describe('stale-ADR suggestions: opposite decisions', () => {
  const jenkins = record(2, 'Use Jenkins for continuous integration', '2020-01-15', 'Pipelines run on the shared Jenkins server.');
  const actions = (sentence: string, extra: Partial<SuggestionRecord> = {}) =>
    record(3, 'Continuous integration on GitHub Actions', '2022-03-01', sentence, extra);

  it('suggests the older record whose subject a newer one leaves behind ("move away from", "replace X with Y", "stop using")', () => {
    for (const sentence of [
      'We will move away from Jenkins and run every pipeline on GitHub Actions.',
      'We will replace Jenkins with GitHub Actions for every pipeline.',
      'We stop using Jenkins for continuous integration.',
    ])
      expect(only([jenkins, actions(sentence)], 'adr-2')[0], sentence).toMatchObject({
        kind: 'opposite_decision',
        successor: { document_id: 'adr-3' },
        evidence: [{ document_id: 'adr-3', quote: sentence }],
      });
  });

  it('reads Korean reversals: "X 대신 Y", "X에서 Y로 전환", "더 이상 X를 사용하지 않는다"', () => {
    const rabbit = record(1, '메시지 큐로 RabbitMQ 사용', '2022-01-10', '비동기 메시지는 RabbitMQ로 보낸다.');
    for (const sentence of [
      '앞으로 RabbitMQ 대신 Kafka를 메시지 큐로 사용한다.',
      '메시지 큐는 RabbitMQ에서 Kafka로 전환한다.',
      '메시지 큐로 더 이상 RabbitMQ를 사용하지 않는다.',
    ]) {
      const kafka = record(2, '메시지 큐를 Kafka로 바꾼다', '2023-05-01', sentence);
      expect(only([rabbit, kafka], 'adr-1')[0], sentence).toMatchObject({ kind: 'opposite_decision', successor: { document_id: 'adr-2' } });
    }
  });

  it('matches a product name written longer or shorter than in the title ("MongoDB" for "mongo"), but not a short word inside another', () => {
    const mongo = record(
      28,
      'Combine the api-mongo cluster into the mongo cluster',
      '2017-09-14',
      'Content Store reads from the mongo cluster.',
    );
    const documentdb = record(
      38,
      'Mongo replacement by DocumentDB',
      '2019-10-17',
      'We are migrating from MongoDB to AWS DocumentDB for every app.',
    );
    expect(only([mongo, documentdb], 'adr-28')[0]).toMatchObject({ kind: 'opposite_decision', successor: { document_id: 'adr-38' } });
    const posts = record(3, 'Store articles in Postgres', '2018-01-01', 'Articles live in Postgres.');
    const cms = record(4, 'Articles on a hosted CMS', '2019-01-01', 'We stop using post drafts for articles in the repository.');
    expect(only([posts, cms], 'adr-3')).toEqual([]);
  });

  it('does not read options weighed, plans turned down, rejected records or another subject as a reversal', () => {
    for (const [sentence, extra] of [
      ['We considered moving away from Jenkins but stayed.', {}],
      ['We will keep using Jenkins and add GitHub Actions for the docs site only.', {}],
      ['We will move away from Jenkins and run every pipeline on GitHub Actions.', { status: 'rejected' }],
      ['Sessions move away from signed cookies to a Redis store.', {}],
    ] as const)
      expect(only([jenkins, actions(sentence, extra)], 'adr-2'), sentence).toEqual([]);
    const options = actions(
      '## Considered Options\n\nMove away from Jenkins to GitLab CI.\n\n## Decision Outcome\n\nGitHub Actions it is.',
    );
    expect(only([jenkins, options], 'adr-2')).toEqual([]);
  });
});

describe('stale-ADR suggestions: update notes and unnamed successors', () => {
  it("reads the record's own update note, in English and Korean, with no successor unless it names a newer record", () => {
    for (const note of [
      "## Update (2024-01)\n\nWe're moving on from this decision: new endpoints use GraphQL.",
      'Update: this decision is outdated; the apps live in their own repositories.',
      '**Note (March 2024):** This ADR is no longer in force.',
      '## 업데이트 (2024-06)\n\n이 결정은 더 이상 유효하지 않다.',
    ]) {
      const [suggestion] = only([record(1, 'Use REST for the public API', '2021-02-01', `REST with JSON.\n\n${note}`)], 'adr-1');
      expect(suggestion, note).toMatchObject({ kind: 'update_note', successor: null, evidence: [{ document_id: 'adr-1' }] });
    }
    const pointing = record(
      1,
      'Use REST',
      '2021-02-01',
      'REST.\n\nUpdate: this decision is outdated, see [ADR-0002](0002-use-graphql.md).',
    );
    const graphql = record(2, 'Use GraphQL', '2024-01-01', 'GraphQL for new endpoints.');
    expect(only([pointing, graphql], 'adr-1')[0]).toMatchObject({ kind: 'update_note', successor: { document_id: 'adr-2' } });
  });

  it('does not read a note that keeps the record, one about what it makes obsolete, or a record moving forward as an update note', () => {
    for (const text of [
      'Flags.\n\nUpdate (2023): this decision still applies; we moved to version 7 of the SDK.',
      'Backoff.\n\n### Consequences\n\nThis decision makes the old manual redelivery runbook obsolete.',
      'Pinned by digest.\n\nThis decision is no longer proposed: the team accepted it.',
    ])
      expect(only([record(1, 'Some decision', '2021-01-01', text)], 'adr-1'), text).toEqual([]);
  });

  it('proposes the likeliest newer record for a superseded status that names none, and none when nothing is alike', () => {
    const consul = record(9, 'Use Consul for service discovery', '2019-02-01', 'Services register with Consul for service discovery.', {
      status: 'superseded',
      status_text: 'Superseded',
    });
    const dns = record(
      10,
      'Service discovery with Kubernetes DNS',
      '2020-04-01',
      'Services find each other through service discovery DNS names.',
    );
    const other = record(11, 'Use Python for scripts', '2020-05-01', 'Scripts are written in Python.');
    const [proposed] = only([consul, dns, other], 'adr-9');
    expect(proposed).toMatchObject({
      kind: 'unnamed_successor',
      successor: { document_id: 'adr-10' },
      evidence: [
        { document_id: 'adr-9', quote: 'Superseded' },
        { document_id: 'adr-10', quote: 'Service discovery with Kubernetes DNS' },
      ],
    });
    expect(only([consul, other], 'adr-9')).toEqual([expect.objectContaining({ kind: 'unnamed_successor', successor: null })]);
  });
});

describe('stale-ADR suggestions: ranking', () => {
  it('gives the same suggestions in the same order every time, best first, at most three per record, scores in [0.3, 1]', () => {
    const target = record(1, 'Use Jenkins for builds', '2020-01-01', 'Builds run on Jenkins.');
    const sources = [2, 3, 4, 5, 6].map((n) =>
      record(n, `Builds on system ${n}`, `202${n - 1}-01-01`, `We will move away from Jenkins builds to system ${n}.`),
    );
    const first = suggestStaleness([target, ...sources]);
    expect(suggestStaleness([...sources].reverse().concat(target))).toEqual(first);
    const list = first.get('adr-1') ?? [];
    expect(list).toHaveLength(MAX_PER_RECORD);
    expect(list.map((s) => s.score)).toEqual([...list.map((s) => s.score)].sort((a, b) => b - a));
    expect(list.every((s) => s.score >= 0.3 && s.score <= 1)).toBe(true);
  });
});

describe('subject terms and similarity', () => {
  it('takes Korean particles and English plurals off, and leaves out numbers and the words every ADR uses', () => {
    expect(subjectTerms('ADR-4: 정산을 1시간 단위로 처리 decision for queues')).toEqual(['정산', '1시간', '단위', '처리', 'queue']);
  });

  it('is 1 for a record and itself, 0 for records that share no term, and higher for a shared title than for a shared body word', () => {
    const index = new SubjectIndex([
      { id: 'a', title: 'Use Kafka for events', text: 'Events go to Kafka topics.', entities: [] },
      { id: 'b', title: 'Kafka retention', text: 'Topics keep seven days.', entities: [] },
      { id: 'c', title: 'Use Postgres', text: 'Orders are in Postgres. Events are audited.', entities: [] },
      { id: 'd', title: 'Pick a font', text: 'Serif.', entities: [] },
    ]);
    expect(index.similarity('a', 'a')).toBeCloseTo(1, 5);
    expect(index.similarity('a', 'd')).toBe(0);
    expect(index.similarity('a', 'b')).toBeGreaterThan(index.similarity('a', 'c'));
  });
});
