// The suite's id and URI globs match in time bounded by glob length × text length. They used to
// become regular expressions whose `.*` runs backtrack polynomially in the number of stars.
import { describe, expect, it } from 'vitest';
import { compileAuditGlob, matchedCriterion } from '../../../shared/audit/document-match';

/** CPU milliseconds (user and system) this process spent in `run`. */
function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

describe('audit globs', () => {
  it('match as written: * any run of characters, ? one, everything else literal', () => {
    const cases: [string, string, boolean][] = [
      ['policy-hr-*', 'policy-hr-salary', true],
      ['policy-hr-*', 'policy-hr-', true],
      ['policy-hr-*', 'policy-h', false],
      ['policy-hr-*', 'xpolicy-hr-a', false],
      ['*-hr-*', 'policy-hr-a', true],
      ['adr-00?', 'adr-007', true],
      ['adr-00?', 'adr-0077', false],
      ['adr-00?', 'adr-00', false],
      ['https://wiki.example/hr/*', 'https://wiki.example/hr/a/b', true],
      ['https://wiki.example/hr/*', 'https://wiki.example/eng/a', false],
      ['a.b', 'axb', false],
      ['a+b(c)', 'a+b(c)', true],
      ['*', '', true],
      ['', '', true],
      ['', 'a', false],
      ['**a', 'bba', true],
      ['*a*b', 'xaybzb', true],
      ['*a*b', 'xaybzbc', false],
      ['?*?', 'ab', true],
      ['?*?', 'a', false],
      ['문서-*', '문서-한글', true],
      ['😀?', '😀😀', true],
    ];
    for (const [glob, text, matches] of cases)
      expect({ glob, text, matches: compileAuditGlob(glob).test(text) }).toEqual({ glob, text, matches });
  });

  it('judges an id against a glob of many stars that it does not match in well under a second', () => {
    const match = { document_id_glob: '*a*a*a*a*a*a*a*a*b' };
    const item = { document_id: 'a'.repeat(48), doc_type: 'adr', source_uri: 'https://wiki.example/a' };
    let criterion: string | null = 'unset';
    const spent = cpuMs(() => {
      criterion = matchedCriterion(match, item);
    });
    expect(criterion).toBeNull();
    expect(spent).toBeLessThan(500);
    expect(matchedCriterion(match, { ...item, document_id: `${item.document_id}b` })).toBe('document_id_glob *a*a*a*a*a*a*a*a*b');
  });

  it('judges a provider item with a long source URI against a many-star glob in well under a second', () => {
    const match = { source_uri_glob: '*/*/*/*/*/*/*/*/x' };
    const item = { document_id: 'd', doc_type: 'adr', source_uri: `https://wiki.example${'/a'.repeat(40)}` };
    let criterion: string | null = 'unset';
    const spent = cpuMs(() => {
      criterion = matchedCriterion(match, item);
    });
    expect(criterion).toBeNull();
    expect(spent).toBeLessThan(500);
    const long = { ...item, source_uri: `https://wiki.example${'/a'.repeat(50_000)}` };
    expect(cpuMs(() => matchedCriterion(match, long))).toBeLessThan(2000);
    expect(matchedCriterion(match, { ...long, source_uri: `${long.source_uri}/x` })).toBe('source_uri_glob */*/*/*/*/*/*/*/x');
  });
});

describe('matching ids, globs and URIs written in another Unicode form', () => {
  it('matches a decomposed id (a folder unzipped from macOS) to a suite typed in composed form, by every criterion', () => {
    const item = {
      document_id: '인사/salary'.normalize('NFD'),
      doc_type: 'policy',
      source_uri: 'file:///docs/인사/salary.md'.normalize('NFD'),
    };
    expect(matchedCriterion({ document_ids: ['인사/salary'] }, item)).toBe(`document_ids ${item.document_id}`);
    expect(matchedCriterion({ document_id_glob: '인사/*' }, item)).toBe('document_id_glob 인사/*');
    expect(matchedCriterion({ document_id_regex: '^인사/' }, item)).toBe('document_id_regex ^인사/');
    expect(matchedCriterion({ source_uri_glob: '*/인사/*' }, item)).toBe('source_uri_glob */인사/*');
    // And the other way round: a suite written decomposed, a graph composed.
    expect(compileAuditGlob('café-*'.normalize('NFD')).test('café-menu')).toBe(true);
    expect(matchedCriterion({ document_ids: ['사내-문서'.normalize('NFD')] }, { ...item, document_id: '사내-문서' })).toBe(
      'document_ids 사내-문서',
    );
  });
});
