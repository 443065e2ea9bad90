import { describe, expect, it } from 'vitest';
import { parseAdr } from '../../../electron/corpus/adr-record';
import { resolveSupersessions, type AdrRecord } from '../../../electron/corpus/adr-supersession';

function record(fileName: string, body: string, frontMatter: Record<string, unknown> = {}): AdrRecord {
  const facts = parseAdr({ fileName, body, frontMatter });
  if (facts === null) throw new Error(`${fileName} was not recognised as an ADR`);
  return { document_id: `doc:${fileName}`, fileName, facts };
}

const nygard = (title: string, status: string, context = '') => `# ${title}\n\n## Status\n\n${status}\n\n## Context\n\n${context}\n`;

describe('resolveSupersessions', () => {
  it('merges the old status and the new body into one full edge', () => {
    const { edges, problems } = resolveSupersessions([
      record('0004-dns.md', nygard('4. DNS', 'Superseded by [DNS Infrastructure](0015-dns-infrastructure.md)')),
      record('0015-dns-infrastructure.md', nygard('15. DNS infrastructure', 'Accepted', 'This decision supersedes [ADR 4](0004-dns.md).')),
    ]);
    expect(edges).toEqual([
      {
        from_document_id: 'doc:0004-dns.md',
        to_document_id: 'doc:0015-dns-infrastructure.md',
        partial: false,
        stated_in: ['old_status', 'new_body'],
        drift: false,
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('makes the edge partial when every statement says partial', () => {
    const { edges, problems } = resolveSupersessions([
      record('0003-net.md', nygard('3. Net', 'Partly superseded', 'These ranges have been superseded by [ADR #0033](0033-ip.md).')),
      record('0033-ip.md', nygard('33. IP', 'Pending', 'This ADR in part supersedes [0003](0003-net.md).')),
    ]);
    expect(edges).toEqual([
      {
        from_document_id: 'doc:0003-net.md',
        to_document_id: 'doc:0033-ip.md',
        partial: true,
        stated_in: ['old_body', 'new_body'],
        drift: false,
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('keeps the edge full and reports the disagreement when one side says partial and the other full', () => {
    const { edges, problems } = resolveSupersessions([
      record('0003-net.md', nygard('3. Net', 'Superseded by [IP](0033-ip.md)')),
      record('0033-ip.md', nygard('33. IP', 'Accepted', 'This ADR partly supersedes [0003](0003-net.md).')),
    ]);
    expect(edges.map((e) => e.partial)).toEqual([false]);
    expect(problems).toEqual([
      expect.objectContaining({
        kind: 'conflicting_extent',
        file: '0003-net.md',
        target: '0033-ip.md',
        message: expect.stringContaining('counts as fully superseded'),
      }),
    ]);
  });

  it('flags drift when the newer ADR supersedes one whose own status is still accepted', () => {
    const { edges } = resolveSupersessions([
      record('adr-004-x.md', nygard('ADR-004 X', 'Accepted')),
      record('adr-007-y.md', nygard('ADR-007 Y', '승인', '이 결정은 [ADR-004](adr-004-x.md)를 대체한다.')),
    ]);
    expect(edges).toEqual([
      { from_document_id: 'doc:adr-004-x.md', to_document_id: 'doc:adr-007-y.md', partial: false, stated_in: ['new_body'], drift: true },
    ]);
  });

  it('does not flag drift when the older ADR already says it is superseded', () => {
    const { edges } = resolveSupersessions([
      record('adr-004-x.md', nygard('ADR-004 X', '대체됨')),
      record('adr-007-y.md', nygard('ADR-007 Y', '승인', '이 결정은 [ADR-004](adr-004-x.md)를 일부 대체한다.')),
    ]);
    expect(edges.map((e) => [e.partial, e.drift])).toEqual([[true, false]]);
  });

  it('reports an unresolvable target and makes no edge for it', () => {
    const { edges, problems } = resolveSupersessions([record('0004-dns.md', nygard('4. DNS', 'Superseded by [DNS](0015-missing.md)'))]);
    expect(edges).toEqual([]);
    expect(problems).toEqual([
      {
        kind: 'unresolved_target',
        file: '0004-dns.md',
        target: '0015-missing.md',
        message:
          '0004-dns.md: the link to "0015-missing.md", named as its successor, matches no ADR in this corpus; fix the link target or add that ADR to the folder',
        said: expect.objectContaining({ code: 'demo_load:adr_unresolved_target' }),
      },
    ]);
  });

  it('reports a superseded status that names no successor anywhere', () => {
    const { problems } = resolveSupersessions([
      record('0004-dns.md', nygard('4. DNS', 'Superseded')),
      record('0005-x.md', nygard('5. X', 'Accepted')),
    ]);
    expect(problems).toEqual([expect.objectContaining({ kind: 'missing_successor', file: '0004-dns.md', target: null })]);
    expect(problems[0]?.message).toContain('its status says "Superseded" but no ADR is named as its successor');
  });

  it('reads a link whose destination names no file by the record its text names, and reports that record when there is none', () => {
    const records = [
      record('0001-cron.md', nygard('1. Cron', 'Accepted')),
      record('0002-queue.md', nygard('2. Queue', 'Accepted', 'This decision supersedes [ADR-0001](#adr-0001).')),
      record('0003-mail.md', nygard('3. Mail', 'Superseded by [ADR-0042](https://wiki.example.com/pages/42)')),
    ];
    const { edges, problems } = resolveSupersessions(records);
    expect(edges.map((e) => [e.from_document_id, e.to_document_id, e.stated_in])).toEqual([
      ['doc:0001-cron.md', 'doc:0002-queue.md', ['new_body']],
    ]);
    expect(problems).toEqual([expect.objectContaining({ kind: 'unresolved_target', file: '0003-mail.md', target: 'ADR-0042' })]);
    expect(problems[0]?.said).toEqual(expect.objectContaining({ code: 'demo_load:adr_unresolved_target' }));
  });

  it('resolves a reference-style link by the definition of its label, and reads one whose label has no definition by its text', () => {
    const records = [
      record(
        '0002-use-postgres.md',
        nygard('2. Use Postgres', 'Superseded by [Use CockroachDB][crdb]', 'x\n\n[CRDB]: <0009-use-cockroach.md> "ADR 9"'),
      ),
      record('0003-use-redis.md', nygard('3. Use Redis', 'Superseded by [ADR-0010][]', 'x\n\n[adr-0010]: ./0010-use-valkey.md')),
      record('0004-use-cron.md', nygard('4. Use cron', 'Superseded by [ADR-0042][queue]')),
      record('0009-use-cockroach.md', nygard('9. Use CockroachDB', 'Accepted')),
      record(
        '0010-use-valkey.md',
        nygard('10. Use Valkey', 'Accepted', 'This decision supersedes [Use Redis].\n\n[use  redis]: 0003-use-redis.md'),
      ),
    ];
    const { edges, problems } = resolveSupersessions(records);
    expect(edges.map((e) => [e.from_document_id, e.to_document_id, e.stated_in])).toEqual([
      ['doc:0002-use-postgres.md', 'doc:0009-use-cockroach.md', ['old_status']],
      ['doc:0003-use-redis.md', 'doc:0010-use-valkey.md', ['old_status', 'new_body']],
    ]);
    expect(problems).toEqual([expect.objectContaining({ kind: 'unresolved_target', file: '0004-use-cron.md', target: 'ADR-0042' })]);
  });

  it('resolves by file name ignoring case, folders and fragments, then by id and by unique number', () => {
    const records = [
      record('docs/adr/0005-example.md', nygard('5. Example', 'Accepted')),
      record('0006-a.md', nygard('6. A', 'Superseded by [Five](./0005-EXAMPLE.md#decision)')),
      record('0007-b.md', '# 7. B\n', { status: 'superseded', superseded_by: 'ADR-0005' }),
      record('0008-c.md', '# 8. C\n', { status: 'superseded', superseded_by: '5' }),
      record('0009-d.md', '# 9. D\n', { status: 'superseded', superseded_by: '#0005' }),
    ];
    const { edges, problems } = resolveSupersessions(records);
    expect(problems).toEqual([]);
    expect(edges.map((e) => [e.from_document_id, e.to_document_id])).toEqual(
      ['0006-a.md', '0007-b.md', '0008-c.md', '0009-d.md'].map((f) => [`doc:${f}`, 'doc:docs/adr/0005-example.md']),
    );
  });

  it('reports a number that matches more than one ADR', () => {
    const { edges, problems } = resolveSupersessions([
      record('0003-a.md', nygard('3. A', 'Accepted')),
      record('adr-3-b.md', nygard('3. B', 'Accepted')),
      record('0010-c.md', '# 10. C\n', { status: 'accepted', supersedes: '0003' }),
    ]);
    expect(edges).toEqual([]);
    expect(problems.map((p) => [p.kind, p.file, p.target])).toEqual([['ambiguous_target', '0010-c.md', '0003']]);
  });

  it('reports an ADR that names itself as its successor', () => {
    const { edges, problems } = resolveSupersessions([record('0004-dns.md', nygard('4. DNS', 'Superseded by [me](0004-dns.md)'))]);
    expect(edges).toEqual([]);
    expect(problems.map((p) => p.kind)).toEqual(['self_reference']);
  });

  it('resolves an absolute repository URL to the record of the corpus its path ends in, merged with the old status', () => {
    const { edges, problems } = resolveSupersessions([
      record('0004-x.md', nygard('4. X', '⌛️ Superseded [0019](0019-y.md)')),
      record(
        '0019-y.md',
        nygard('19. Y', '✅ Accepted', 'This replaces [ADR 4](https://github.com/o/r/blob/main/architecture-decision-record/0004-x.md).'),
      ),
    ]);
    expect(problems).toEqual([]);
    expect(edges).toEqual([
      {
        from_document_id: 'doc:0004-x.md',
        to_document_id: 'doc:0019-y.md',
        partial: false,
        stated_in: ['old_status', 'new_body'],
        drift: false,
      },
    ]);
  });

  it('resolves a repository file address written without its extension to the record of that name', () => {
    const repo = 'https://github.com/o/offender-decisions/blob/master/decisions';
    const { edges, problems } = resolveSupersessions([
      record('decisions/0004-separate-api.md', nygard('4. Separate API', 'Accepted')),
      record('decisions/0020-unify.md', nygard('16. Unify', `Accepted\n\nAmends [Separate API](${repo}/0004-separate-api)`)),
    ]);
    expect(problems).toEqual([]);
    expect(edges).toEqual([
      {
        from_document_id: 'doc:decisions/0004-separate-api.md',
        to_document_id: 'doc:decisions/0020-unify.md',
        partial: true,
        stated_in: ['new_status'],
        // The older record still reads Accepted without naming its amendment.
        drift: true,
      },
    ]);
  });

  it('does not say "no successor" when the successor is named by a reference or a title', () => {
    const { edges, problems } = resolveSupersessions([
      record('0020-a.md', nygard('20. A', 'Superseded by ADR-0021')),
      record('0021-b.md', nygard('21. B', 'Accepted')),
      record('0030-c.md', nygard('30. C', 'Superseded by 21. B')),
    ]);
    expect(problems).toEqual([]);
    expect(edges.map((e) => [e.from_document_id, e.to_document_id])).toEqual([
      ['doc:0020-a.md', 'doc:0021-b.md'],
      ['doc:0030-c.md', 'doc:0021-b.md'],
    ]);
  });

  it('does not say "no successor" when the named successor is missing, and says what is missing instead', () => {
    const { problems } = resolveSupersessions([record('0030-x.md', nygard('30. X', '⌛️ Superseded by [31. New](0031-new.md)'))]);
    expect(problems.map((p) => p.kind)).toEqual(['unresolved_target']);
  });

  it('flags no drift when the older record names its successor itself, though its status still says accepted', () => {
    const { edges } = resolveSupersessions([
      record('0010-a.md', nygard('10. A', 'Accepted\n\nAmended by [17. B](0017-b.md)')),
      record('0017-b.md', nygard('17. B', 'Accepted\n\nAmends [10. A](0010-a.md)')),
    ]);
    expect(edges).toEqual([
      {
        from_document_id: 'doc:0010-a.md',
        to_document_id: 'doc:0017-b.md',
        partial: true,
        stated_in: ['old_status', 'new_status'],
        drift: false,
      },
    ]);
  });

  it('names a document of the corpus that is not an ADR as such, not as a missing record', () => {
    const { edges, problems } = resolveSupersessions(
      [record('0001-a.md', nygard('1. A', 'Superseded by [the runbook](runbook-x.md)'))],
      [{ fileName: 'runbook-x.md', title: 'Runbook X' }],
    );
    expect(edges).toEqual([]);
    expect(problems.map((p) => [p.kind, p.target])).toEqual([['not_a_record', 'runbook-x.md']]);
    expect(problems[0]?.message).toContain('runbook-x.md is not an ADR');
  });
});

describe('resolveSupersessions: a successor outside the folder of records', () => {
  it('names no pull request, RFC or web page as an unresolved record, and asks no successor of the record', () => {
    const facts = (target: string) => ({
      adr_id: 'ADR-0001',
      number: 1,
      title: 'X',
      status: 'superseded' as const,
      status_raw: `Superseded by ${target}`,
      status_text: `Superseded by ${target}`,
      status_source: 'nygard' as const,
      decided_at: null,
      dated_by: null,
      links: [{ relation: 'superseded_by' as const, partial: false, target, form: 'title' as const, stated_in: 'status' as const }],
      nested_status: null,
      status_as_definition: null,
      numeric_date: null,
      lifecycle_folder: null,
      banner_overrides: null,
      name_status_differs: null,
      successor_outside: target,
      successor_outside_partial: false,
    });
    const records = ['PR #123', 'RFC-7', 'https://github.com/o/r/pull/12'].map((target, n) => ({
      document_id: `d${n}`,
      fileName: `adr/000${n + 1}-x.md`,
      facts: { ...facts(target), adr_id: `ADR-000${n + 1}`, number: n + 1 },
    }));
    expect(resolveSupersessions(records)).toEqual({ edges: [], problems: [] });
  });
});
