/** The modes the workbench offers (text2cypher and provider are not in this build). */
export const WORKBENCH_MODES = ['vector', 'fulltext', 'hybrid', 'graph', 'cypher'] as const;
export type WorkbenchMode = (typeof WORKBENCH_MODES)[number];

/** Templates every installation has for `cypher` mode (electron/retrieval/builtin-templates.ts). */
export const BUILTIN_TEMPLATE_IDS = ['claims-about-service', 'chunks-containing', 'documents-by-title'] as const;

/** Document types of the demo corpus, offered as suggestions; any other type may be typed. */
export const KNOWN_DOC_TYPES = ['adr', 'runbook', 'policy', 'api_doc', 'incident_report', 'design_doc'] as const;

export const RANKERS = ['rrf', 'naive', 'linear'] as const;
export type Ranker = (typeof RANKERS)[number];
export const STALE_POLICIES = ['demote', 'filter'] as const;
export type StalePolicy = (typeof STALE_POLICIES)[number];

/**
 * The form as the user edits it: numbers stay text so a half-typed value is not rewritten, and the
 * server's request schema stays the one judge of what is valid.
 */
export interface RequestForm {
  readonly query: string;
  readonly principalId: string;
  readonly mode: WorkbenchMode;
  readonly templateId: string;
  readonly topK: string;
  readonly maxTokens: string;
  readonly timeoutMs: string;
  readonly freshnessAt: string;
  readonly docTypes: string;
  readonly stalePolicy: StalePolicy;
  readonly ranker: Ranker;
  readonly alpha: string;
}

/** The contract's defaults (shared/context-contract.ts), so an untouched form asks for what the provider would. */
export const DEFAULT_FORM: RequestForm = {
  query: '',
  principalId: '',
  mode: 'hybrid',
  templateId: BUILTIN_TEMPLATE_IDS[0],
  topK: '10',
  maxTokens: '4000',
  timeoutMs: '10000',
  freshnessAt: '',
  docTypes: '',
  stalePolicy: 'demote',
  ranker: 'rrf',
  alpha: '0.5',
};

/** Whether the mode fuses candidate lists, so a ranker applies. */
export const usesRanker = (mode: WorkbenchMode): boolean => mode === 'hybrid' || mode === 'graph';

/** A number field: empty means "use the default"; anything else goes as typed, for the server to judge. */
function numberField(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** Splits "adr, runbook" into ["adr", "runbook"]. */
export function parseDocTypes(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** The ContextRequest the form describes, as the JSON `query.run` takes. */
export function formToRequest(form: RequestForm): Record<string, unknown> {
  const request: Record<string, unknown> = { query: form.query, principal: form.principalId, mode: form.mode };
  const numbers = { top_k: numberField(form.topK), max_tokens: numberField(form.maxTokens), timeout_ms: numberField(form.timeoutMs) };
  for (const [key, value] of Object.entries(numbers)) if (value !== undefined) request[key] = value;
  if (form.freshnessAt.trim() !== '') request.freshness_required_at = form.freshnessAt.trim();
  const docTypes = parseDocTypes(form.docTypes);
  if (docTypes.length > 0) request.filters = { document_types: docTypes };
  const options: Record<string, unknown> = { stale_policy: form.stalePolicy };
  if (usesRanker(form.mode)) {
    options.ranker = form.ranker;
    const alpha = numberField(form.alpha);
    if (form.ranker === 'linear' && alpha !== undefined) options.alpha = alpha;
  }
  if (form.mode === 'cypher' && form.templateId.trim() !== '') options.template_id = form.templateId.trim();
  request.options = options;
  return request;
}

const asText = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback);
const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
const asRecord = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The form for a stored request (opened from Traces), read defensively: old runs may lack fields. */
export function requestToForm(request: Record<string, unknown>, principalId: string): RequestForm {
  const options = asRecord(request.options);
  const filters = asRecord(request.filters);
  const docTypes = Array.isArray(filters.document_types) ? filters.document_types.filter((entry): entry is string => typeof entry === 'string') : [];
  return {
    query: asText(request.query, ''),
    principalId,
    mode: oneOf(request.mode, WORKBENCH_MODES, DEFAULT_FORM.mode),
    templateId: asText(options.template_id, DEFAULT_FORM.templateId),
    topK: asText(request.top_k, DEFAULT_FORM.topK),
    maxTokens: asText(request.max_tokens, DEFAULT_FORM.maxTokens),
    timeoutMs: asText(request.timeout_ms, DEFAULT_FORM.timeoutMs),
    freshnessAt: asText(request.freshness_required_at, ''),
    docTypes: docTypes.join(', '),
    stalePolicy: oneOf(options.stale_policy, STALE_POLICIES, DEFAULT_FORM.stalePolicy),
    ranker: oneOf(options.ranker, RANKERS, DEFAULT_FORM.ranker),
    alpha: asText(options.alpha, DEFAULT_FORM.alpha),
  };
}
