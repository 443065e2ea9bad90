// The XML is read back with @xmldom/xmldom (a declared devDependency, the version electron-builder's plist uses), set to
// throw on any error or warning. It lets a bare `&` in an attribute and C0 controls through, so the
// escaping test also checks the raw text for those.
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { escapeXmlAttribute, escapeXmlText, junitXml } from '../../../electron/audit/junit-xml';
import type { AuditCheck, AuditReport } from '../../../shared/audit/audit-report';

function check(id: string, result: AuditCheck['result'], text: string, violations: string[] = []): AuditCheck {
  const [expectation = 'x', question = 'q', principal = 'p', mode = 'hybrid'] = id.split('/');
  return {
    id,
    expectation,
    kind: expectation === 'answers' ? 'answers' : 'never_sees',
    question,
    mode: mode as AuditCheck['mode'],
    principals: [principal],
    result,
    message: { code: 'never_sees_passed', params: {} },
    text,
    violations: violations.map((violation) => ({ message: { code: 'item_forbidden', params: {} }, text: violation, trace_id: 'tr-9' })),
    evidence: { trace_ids: ['tr-9'] },
  };
}

const NASTY = 'a & b < c > d "quoted" \'single\' ]]> \u0001 bell\u0007 tab\t newline\n lone\uD800 ok 한국어 😀';

function report(checks: AuditCheck[]): AuditReport {
  return {
    suite: { name: `demo ${NASTY}`, file: 'suite.yaml' },
    started_at: '2026-12-01T10:00:00.123Z',
    elapsed_ms: 1234,
    concurrency: 4,
    graph_uri: null,
    totals: { checks: checks.length, passed: 0, violated: 0, could_not_run: 0, runs: 1, comparisons: 0 },
    exit_code: 1,
    summary: 's',
    checks,
    runs: [],
  };
}

function parse(xml: string): Document {
  const fail = (level: string) => (message: string) => {
    throw new Error(`${level}: ${message}`);
  };
  return new DOMParser({ errorHandler: { warning: fail('warning'), error: fail('error'), fatalError: fail('fatal') } }).parseFromString(
    xml,
    'text/xml',
  ) as unknown as Document;
}

const CHECKS = [
  check('answers/q1/u-guest/vector', 'passed', 'the run answered'),
  check('hr-only/q1/u-guest/vector', 'violated', `1 of 2 items ${NASTY}`, [`#2 policy-hr-x ${NASTY}`]),
  check('hr-only/q1/u-alex/vector', 'could_not_run', 'could not run (unavailable): Neo4j is unreachable'),
  check('hr-only/q2/u-alex/vector', 'passed', 'none'),
];

describe('junitXml', () => {
  it('is well-formed XML: testsuites > testsuite per expectation > testcase per check', () => {
    const document = parse(junitXml(report(CHECKS)));
    const root = document.documentElement;
    expect(root.tagName).toBe('testsuites');
    const suites = Array.from(root.getElementsByTagName('testsuite'));
    expect(suites.map((suite) => suite.getAttribute('name'))).toEqual(['answers', 'hr-only']);
    expect(suites.map((suite) => suite.getElementsByTagName('testcase').length)).toEqual([1, 3]);
    expect(root.getElementsByTagName('testcase')[1]?.getAttribute('name')).toBe('q1 · u-guest · vector');
    expect(root.getElementsByTagName('testcase')[1]?.getAttribute('classname')).toBe('lens-audit.hr-only');
  });

  it('counts tests, failures (violations) and errors (could not run) on every level', () => {
    const root = parse(junitXml(report(CHECKS))).documentElement;
    const counts = (element: Element) => ['tests', 'failures', 'errors', 'skipped'].map((name) => element.getAttribute(name));
    expect(counts(root)).toEqual(['4', '1', '1', '0']);
    const [answers, hrOnly] = Array.from(root.getElementsByTagName('testsuite'));
    expect(counts(answers as Element)).toEqual(['1', '0', '0', '0']);
    expect(counts(hrOnly as Element)).toEqual(['3', '1', '1', '0']);
    expect(root.getAttribute('time')).toBe('1.234');
  });

  it('puts a violation in <failure message> and a check that could not run in <error>, each with its trace ids', () => {
    const root = parse(junitXml(report(CHECKS))).documentElement;
    const failure = root.getElementsByTagName('failure')[0] as Element;
    expect(failure.getAttribute('type')).toBe('violated');
    expect(failure.textContent).toContain('(trace tr-9)');
    const error = root.getElementsByTagName('error')[0] as Element;
    expect(error.getAttribute('message')).toBe('could not run (unavailable): Neo4j is unreachable');
    expect(error.textContent).toContain('traces: tr-9');
  });

  it('escapes markup, quotes and line breaks so they read back exactly, and writes characters XML cannot hold as \\u escapes', () => {
    const root = parse(junitXml(report(CHECKS))).documentElement;
    const expected = NASTY.replace('\u0001', '\\u0001').replace('\u0007', '\\u0007').replace('\uD800', '\\ud800');
    expect(root.getAttribute('name')).toBe(`lens audit: demo ${expected}`);
    expect(root.getElementsByTagName('failure')[0]?.getAttribute('message')).toBe(`1 of 2 items ${expected}`);
    expect(root.getElementsByTagName('failure')[0]?.textContent).toContain(`- #2 policy-hr-x ${expected} (trace tr-9)`);
  });

  it('leaves no bare ampersand and no character XML 1.0 cannot hold in the raw file', () => {
    const xml = junitXml(report(CHECKS));
    expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+);)/);
    const notXml = (code: number) =>
      code < 0x9 || code === 0xb || code === 0xc || (code > 0xd && code < 0x20) || (code >= 0xd800 && code <= 0xdfff) || code >= 0xfffe;
    expect([...xml].filter((char) => char.length === 1 && notXml(char.charCodeAt(0)))).toEqual([]);
  });

  it('escapes the five markup characters in attributes and three in text', () => {
    expect(escapeXmlAttribute(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(escapeXmlText('<![CDATA[x]]> & y')).toBe('&lt;![CDATA[x]]&gt; &amp; y');
  });
});
