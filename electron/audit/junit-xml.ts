import type { AuditCheck, AuditReport } from '../../shared/audit/audit-report';
import { appendTo } from '../../shared/map-list';

/**
 * The audit as JUnit XML, the shape GitHub Actions test reporters, GitLab (`artifacts:reports:junit`)
 * and Jenkins (`junit` step) all read: `<testsuites>` with one `<testsuite>` per expectation (and one
 * for the runs' own `answers` checks), one `<testcase>` per check. A violation is a `<failure>`, a
 * check that could not run an `<error>` (so it is never counted as passed); both carry a `message`
 * and, as text, every violation with its trace id.
 */

/** True for a code point XML 1.0 can hold (tab, line breaks, and the rest but other C0 controls, lone surrogates and U+FFFE/FFFF). */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

/** `text` with every character XML cannot hold written as `\uXXXX` text, so nothing is lost and the file stays well-formed. */
function xmlChars(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    out += isXmlChar(code) ? char : `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return out;
}

/** Text content: `&`, `<` and `>` escaped (`>` too, so `]]>` never appears). */
export function escapeXmlText(text: string): string {
  return xmlChars(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value in double quotes: also quotes, and tabs and line breaks as references so parsers keep them. */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

const attributes = (values: Readonly<Record<string, string | number>>) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`)
    .join('');

/** The body of a failure or error: every violation, then the trace ids to open with `lens explain` or on the Traces screen. */
function details(check: AuditCheck): string {
  const lines = [
    check.text,
    ...check.violations.map((violation) => `- ${violation.text} (trace ${violation.trace_id})`),
    `traces: ${check.evidence.trace_ids.join(', ') || 'none'}${check.evidence.comparison_id ? `; comparison: ${check.evidence.comparison_id}` : ''}`,
  ];
  return escapeXmlText(lines.join('\n'));
}

function testcase(check: AuditCheck, suiteFile: string): string {
  const name = `${check.question} · ${check.principals.join(' vs ')} · ${check.mode}`;
  const open = `    <testcase${attributes({ name, classname: `lens-audit.${check.expectation}`, file: suiteFile })}`;
  if (check.result === 'passed') return `${open}/>`;
  const element = check.result === 'violated' ? 'failure' : 'error';
  return `${open}>\n      <${element}${attributes({ message: check.text, type: check.result })}>${details(check)}</${element}>\n    </testcase>`;
}

function counts(checks: readonly AuditCheck[]) {
  return {
    tests: checks.length,
    failures: checks.filter((check) => check.result === 'violated').length,
    errors: checks.filter((check) => check.result === 'could_not_run').length,
    skipped: 0,
  };
}

/** The report as a JUnit XML document. */
export function junitXml(report: AuditReport): string {
  const groups = new Map<string, AuditCheck[]>();
  // Grown in place: one expectation of 100,000 checks was copied whole on each add.
  for (const check of report.checks) appendTo(groups, check.expectation, check);
  const time = (report.elapsed_ms / 1000).toFixed(3);
  const suites = [...groups].map(([expectation, checks]) =>
    [
      `  <testsuite${attributes({ name: expectation, ...counts(checks), timestamp: report.started_at.replace(/\.\d+Z$/, '') })}>`,
      ...checks.map((check) => testcase(check, report.suite.file)),
      '  </testsuite>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: `lens audit: ${report.suite.name}`, ...counts(report.checks), time })}>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
