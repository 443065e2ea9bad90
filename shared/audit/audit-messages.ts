import { z } from 'zod';
import { wordCore } from '../core-catalogues';
import { CoreMessageSchema, type CoreMessage } from '../core-message';

/**
 * Every sentence of an audit as a message code with parameters: check results, the evidence of each
 * violation, problems in a suite file, the progress and the summary. The report keeps the codes and
 * parameters; the CLI, the JUnit file and the report's `text` fields word them in English from the
 * catalogue below (i18next's `{{name}}` placeholders, as the other catalogues). A sentence of another
 * catalogue inside one (a provider violation, `provider:…`) is kept as its code and parameters too,
 * so a reader words it in its own language (`wordCore`); a report written before keeps its English.
 */

export const AUDIT_MESSAGE_CODES = [
  'run_answered',
  'run_failed',
  'provider_violated',
  'provider_violation',
  'could_not_run_outcome',
  'could_not_run_error',
  'could_not_run_missing',
  'could_not_run_unmatched',
  'unmatched_source',
  'never_sees_passed',
  'never_sees_violated',
  'item_forbidden',
  'sees_any_passed',
  'sees_any_violated',
  'sees_only_passed',
  'sees_only_violated',
  'item_outside',
  'stale_passed',
  'stale_violated',
  'item_stale_current',
  'provenance_passed',
  'provenance_violated',
  'item_no_source',
  'item_path_end',
  'item_path_chunk',
  'differ_passed',
  'differ_violated',
  'item_undeclared',
  'item_leak',
  'progress_runs',
  'progress_comparisons',
  'summary',
  'report_written',
  'check_violated',
  'check_could_not_run',
  'check_violation_line',
  'check_traces',
  'check_traces_and_comparison',
  'more_checks',
] as const;
export type AuditMessageCode = (typeof AUDIT_MESSAGE_CODES)[number];

/** A parameter: a value shown as it is, or sentences of the core's catalogues (`provider:…`) worded in the reader's language. */
export const AuditParam = z.union([z.string(), z.array(CoreMessageSchema)]);
export type AuditParam = z.infer<typeof AuditParam>;

/** A sentence as it travels: its code and parameters. */
export const AuditMessage = z.object({ code: z.enum(AUDIT_MESSAGE_CODES), params: z.record(z.string(), AuditParam) });
export type AuditMessage = z.infer<typeof AuditMessage>;

/** Builds a message, turning numbers into text. */
export function auditMessage(
  code: AuditMessageCode,
  params: Readonly<Record<string, string | number | readonly CoreMessage[]>> = {},
): AuditMessage {
  return {
    code,
    params: Object.fromEntries(
      Object.entries(params).map(([name, value]) => [name, typeof value === 'object' ? [...value] : String(value)]),
    ),
  };
}

/** The catalogue; the CLI words it in English. */
export const AUDIT_MESSAGES: Readonly<Record<'en', Readonly<Record<AuditMessageCode, string>>>> = {
  en: {
    run_answered: 'the run answered: {{outcome}}, {{items}} items',
    provider_violated: 'the answer of the provider {{endpoint}} broke {{count}} audit rules',
    provider_violation: '{{kind}}: {{text}}',
    run_failed: 'the run ended in {{outcome}}, which is a failure of the retrieval, not an answer: {{message}}',
    could_not_run_outcome: 'could not run: the run ended in {{outcome}} ({{message}}); nothing is known about this check',
    could_not_run_error: 'could not run ({{kind}}): {{message}}',
    could_not_run_missing: 'could not run: the audit stopped before this check ran',
    could_not_run_unmatched:
      'could not run: {{kind}} names {{criteria}}, which no document in the graph matches, so this check can never fail and guards nothing; correct the suite ({{sources}})',
    unmatched_source: '{{value}} is the source of document {{suggestion}}: write that id',
    never_sees_passed: 'none of the {{items}} items is from a document this principal must never see',
    never_sees_violated: '{{count}} of the {{items}} items are from documents this principal must never see',
    item_forbidden: '#{{rank}} {{document_id}} (chunk {{chunk_id}}) matches {{criterion}}',
    sees_any_passed: '{{count}} of the {{items}} items are from an expected document (first: #{{rank}} {{document_id}})',
    sees_any_violated: 'none of the {{items}} items is from an expected document ({{outcome}})',
    sees_only_passed: 'all {{items}} items are from allowed documents',
    sees_only_violated: '{{count}} of the {{items}} items are from documents outside the allowed set',
    item_outside: '#{{rank}} {{document_id}} (chunk {{chunk_id}}) matches none of the allowed documents',
    stale_passed: 'no item from a stale document is labelled current ({{stale}} of the {{items}} items are from stale documents)',
    stale_violated: '{{count}} items from documents the suite lists as stale are labelled current',
    item_stale_current: '#{{rank}} {{document_id}} is labelled current ("{{reason}}") but matches {{criterion}}',
    provenance_passed: 'every one of the {{items}} items traces back to its document',
    provenance_violated: '{{count}} of the {{items}} items do not trace back to their document',
    item_no_source: '#{{rank}} {{document_id}} has no source_uri',
    item_path_end: '#{{rank}} {{document_id}}: its provenance path ends at {{label}} {{id}}, not at Document {{document_id}}',
    item_path_chunk: '#{{rank}} {{document_id}}: its provenance path does not pass through any of its chunks ({{chunk_ids}})',
    differ_passed:
      '{{a}} and {{b}} differ only as declared: only {{a}} {{only_a}}, only {{b}} {{only_b}}, both {{both}}; no leaks ({{nodes}} nodes checked)',
    differ_violated: '{{count}} differences between {{a}} and {{b}} are leaks or are not declared',
    item_undeclared:
      'only {{principal}} got #{{rank}} {{document_id}}, which {{other}} may not see, and it is not among the documents declared for {{principal}}',
    item_leak: '{{principal}} got #{{rank}} {{document_id}} but may not see {{node}} (broken clause: {{rule}})',
    progress_runs: '{{bar}} {{done}}/{{total}} runs, {{failed}} not answered',
    progress_comparisons: '{{bar}} {{done}}/{{total}} comparisons',
    summary:
      '{{name}}: {{checks}} checks, {{passed}} passed, {{violated}} violated, {{could_not_run}} could not run ({{runs}} runs and {{comparisons}} comparisons in {{seconds}} s, concurrency {{concurrency}})',
    report_written: 'Wrote the {{what}} to {{file}}',
    check_violated: 'VIOLATED  {{id}}',
    check_could_not_run: 'COULD NOT RUN  {{id}}',
    check_violation_line: '{{text}} (trace {{trace}})',
    check_traces: 'traces: {{traces}}',
    check_traces_and_comparison: 'traces: {{traces}}; comparison {{comparison}}',
    more_checks: '… and {{count}} more checks that did not pass (the JSON report lists every check)',
  },
};

/** A parameter in English: sentences of the core's catalogues worded from them (a code this build lacks shown as it is). */
function english(value: AuditParam | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return value.map((message) => wordCore(message) ?? message.code).join('; ');
}

function fill(template: string, params: Readonly<Record<string, AuditParam>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => english(params[name]));
}

/** Words a message in English, as the CLI does. */
export function wordAuditMessage(message: AuditMessage): string {
  // A run that ended without a message of its own: no empty brackets, no colon before nothing.
  return fill(AUDIT_MESSAGES.en[message.code], message.params).replaceAll(' ()', '').replace(/: $/, '');
}
