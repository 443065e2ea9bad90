import { parseDocTypes, usesRanker, type RequestForm } from './request-form';

/** A field of the form the summary line can re-open with focus on it (its test id in the form). */
export type SummaryField =
  'query' | 'principal' | 'mode' | 'top_k' | 'max_tokens' | 'timeout' | 'freshness' | 'doc_types' | 'ranker' | 'scope';

/** One part of the summary line: the field it edits, and the message (in the `results` namespace) with its parameters. */
export interface SummaryPart {
  readonly field: SummaryField;
  readonly message: string;
  readonly params: Readonly<Record<string, string>>;
}

/** The test id of each field's control in the form, which the summary focuses when it re-opens it. */
export const FIELD_TEST_IDS: Readonly<Record<SummaryField, string>> = {
  query: 'query-input',
  principal: 'principal-select',
  mode: 'mode-select',
  top_k: 'top-k-input',
  max_tokens: 'max-tokens-input',
  timeout: 'timeout-input',
  freshness: 'freshness-input',
  doc_types: 'doc-types-input',
  ranker: 'ranker-select',
  scope: 'scope-values-input',
};

/**
 * The request in one line: query, principal, mode and the limits always; freshness date, document
 * types, ranker and scope only where they are set or apply. The query itself is shown as typed.
 */
export function summaryParts(form: RequestForm): SummaryPart[] {
  const docTypes = parseDocTypes(form.docTypes);
  const scope = parseDocTypes(form.scopeValues);
  const parts: (SummaryPart | null)[] = [
    { field: 'principal', message: 'value_principal', params: { principal: form.principalId } },
    { field: 'mode', message: `workbench:mode_${form.mode}`, params: {} },
    { field: 'top_k', message: 'value_top_k', params: { count: form.topK.trim() } },
    { field: 'max_tokens', message: 'value_max_tokens', params: { count: form.maxTokens.trim() } },
    { field: 'timeout', message: 'value_timeout', params: { ms: form.timeoutMs.trim() } },
    form.freshnessAt.trim() !== '' ? { field: 'freshness', message: 'value_freshness', params: { date: form.freshnessAt.trim() } } : null,
    docTypes.length > 0 ? { field: 'doc_types', message: 'value_doc_types', params: { types: docTypes.join(', ') } } : null,
    usesRanker(form.mode) ? { field: 'ranker', message: 'value_ranker', params: { ranker: form.ranker } } : null,
    scope.length > 0 ? { field: 'scope', message: 'value_scope', params: { kind: form.scopeKind, values: scope.join(', ') } } : null,
  ];
  return parts.filter((part): part is SummaryPart => part !== null);
}
