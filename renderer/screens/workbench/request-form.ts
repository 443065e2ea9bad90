import {
  IMPLEMENTED_MODES,
  RankerName,
  REQUEST_DEFAULTS,
  RETRIEVAL_OPTION_DEFAULTS,
  SCOPE_KINDS,
  StalePolicy as StalePolicySchema,
  type ScopeKind,
  type ContextRequest,
  type ImplementedMode,
} from '../../../shared/context-contract';
import { readDay } from '../../app/typed-day';
import { BUILTIN_TEMPLATE_IDS } from '../../../shared/builtin-template-ids';

export { BUILTIN_TEMPLATE_IDS };

/** The modes the workbench knows: those this build runs. */
export const WORKBENCH_MODES = IMPLEMENTED_MODES;
export type WorkbenchMode = ImplementedMode;

export const RANKERS = RankerName.options;
export type Ranker = RankerName;
export const STALE_POLICIES = StalePolicySchema.options;
export type StalePolicy = StalePolicySchema;

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
  /** The relevance floor's sides; empty means the default (the embedder's calibrated floor, 2 terms), 0 turns a side off. */
  readonly minSimilarity: string;
  readonly minMatchedTerms: string;
  /** The allowed scope: its kind, and its values comma-separated; no values means no scope (all the principal may see). */
  readonly scopeKind: ScopeKind;
  readonly scopeValues: string;
}

/** The contract's defaults (shared/context-contract.ts), so an untouched form asks for what the provider would. */
export const DEFAULT_FORM: RequestForm = {
  query: '',
  principalId: '',
  mode: REQUEST_DEFAULTS.mode,
  templateId: BUILTIN_TEMPLATE_IDS[0],
  topK: String(REQUEST_DEFAULTS.top_k),
  maxTokens: String(REQUEST_DEFAULTS.max_tokens),
  timeoutMs: String(REQUEST_DEFAULTS.timeout_ms),
  freshnessAt: '',
  docTypes: '',
  stalePolicy: RETRIEVAL_OPTION_DEFAULTS.stale_policy,
  ranker: RETRIEVAL_OPTION_DEFAULTS.ranker,
  alpha: String(RETRIEVAL_OPTION_DEFAULTS.alpha),
  minSimilarity: '',
  minMatchedTerms: '',
  scopeKind: 'services',
  scopeValues: '',
};

/** Whether the mode fuses candidate lists, so a ranker applies. */
export const usesRanker = (mode: WorkbenchMode): boolean => mode === 'hybrid' || mode === 'graph' || mode === 'auto';

/** Whether the mode's candidates carry a vector score, so the similarity floor applies. */
export const usesSimilarityFloor = (mode: WorkbenchMode): boolean => mode === 'vector' || usesRanker(mode);

/** Whether the mode's candidates carry a full-text score, so the matched-terms floor applies. */
export const usesTermsFloor = (mode: WorkbenchMode): boolean => mode === 'fulltext' || usesRanker(mode);

/** A number field: empty means "use the default"; anything else goes as typed, for the server to judge. */
function numberField(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** Splits "adr, runbook" into ["adr", "runbook"] (document types, scope values). */
export function parseDocTypes(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** The retrieval options the form describes: the stale policy, and the ranker, template and relevance floor where the mode uses them. */
function formOptions(form: RequestForm): NonNullable<ContextRequest['options']> {
  const alpha = numberField(form.alpha);
  const template = form.templateId.trim();
  const minSimilarity = usesSimilarityFloor(form.mode) ? numberField(form.minSimilarity) : undefined;
  const minMatchedTerms = usesTermsFloor(form.mode) ? numberField(form.minMatchedTerms) : undefined;
  return {
    ...(minSimilarity !== undefined ? { min_similarity: minSimilarity } : {}),
    ...(minMatchedTerms !== undefined ? { min_matched_terms: minMatchedTerms } : {}),
    stale_policy: form.stalePolicy,
    ...(usesRanker(form.mode) ? { ranker: form.ranker } : {}),
    ...(usesRanker(form.mode) && form.ranker === 'linear' && alpha !== undefined ? { alpha } : {}),
    ...(form.mode === 'cypher' && template !== '' ? { template_id: template } : {}),
  };
}

/** The ContextRequest the form describes, as `query.run` takes it; numbers go as typed, for the contract to judge. */
export function formToRequest(form: RequestForm): ContextRequest {
  const numbers = { top_k: numberField(form.topK), max_tokens: numberField(form.maxTokens), timeout_ms: numberField(form.timeoutMs) };
  // A day typed as the Korean UI writes it (2026. 7. 1.) or with slashes goes as the ISO day; anything else as typed.
  const typedDay = readDay(form.freshnessAt);
  const freshnessAt = typeof typedDay === 'string' ? typedDay : form.freshnessAt.trim();
  const docTypes = parseDocTypes(form.docTypes);
  const scopeValues = parseDocTypes(form.scopeValues);
  return {
    query: form.query,
    principal: form.principalId,
    mode: form.mode,
    ...Object.fromEntries(Object.entries(numbers).filter(([, value]) => value !== undefined)),
    ...(freshnessAt !== '' ? { freshness_required_at: freshnessAt } : {}),
    ...(docTypes.length > 0 ? { filters: { document_types: docTypes } } : {}),
    ...(scopeValues.length > 0 ? { allowed_scopes: { [form.scopeKind]: scopeValues } } : {}),
    options: formOptions(form),
  };
}

const asText = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The form's scope for a stored request's allowed_scopes: the first kind it names (the form holds one), or none. */
function scopeOfRequest(scopes: Record<string, unknown>): Pick<RequestForm, 'scopeKind' | 'scopeValues'> {
  const kind = SCOPE_KINDS.find((candidate) => Array.isArray(scopes[candidate]));
  if (!kind) return { scopeKind: DEFAULT_FORM.scopeKind, scopeValues: '' };
  const values = (scopes[kind] as unknown[]).filter((entry): entry is string => typeof entry === 'string');
  return { scopeKind: kind, scopeValues: values.join(', ') };
}

/** The form for a stored request (opened from Traces), read defensively: old runs may lack fields. */
export function requestToForm(request: Record<string, unknown>, principalId: string): RequestForm {
  const options = asRecord(request.options);
  const filters = asRecord(request.filters);
  const docTypes = Array.isArray(filters.document_types)
    ? filters.document_types.filter((entry): entry is string => typeof entry === 'string')
    : [];
  return {
    ...scopeOfRequest(asRecord(request.allowed_scopes)),
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
    minSimilarity: asText(options.min_similarity, DEFAULT_FORM.minSimilarity),
    minMatchedTerms: asText(options.min_matched_terms, DEFAULT_FORM.minMatchedTerms),
  };
}

/** The form's fields that hold free text, kept as typed (the server judges them at the next run). */
const TEXT_FIELDS = [
  'query',
  'principalId',
  'templateId',
  'topK',
  'maxTokens',
  'timeoutMs',
  'freshnessAt',
  'docTypes',
  'alpha',
  'minSimilarity',
  'minMatchedTerms',
  'scopeValues',
] as const satisfies readonly (keyof RequestForm)[];

/**
 * The form remembered for a connection, read defensively: a field missing or not text keeps its
 * default, and a choice no longer offered (a mode, ranker, stale policy or scope kind) falls back to it.
 */
export function storedForm(stored: Readonly<Record<string, unknown>> | undefined): RequestForm {
  if (!stored) return DEFAULT_FORM;
  const texts = Object.fromEntries(
    TEXT_FIELDS.map((field) => [field, typeof stored[field] === 'string' ? stored[field] : DEFAULT_FORM[field]]),
  );
  return {
    ...DEFAULT_FORM,
    ...texts,
    mode: oneOf(stored.mode, WORKBENCH_MODES, DEFAULT_FORM.mode),
    stalePolicy: oneOf(stored.stalePolicy, STALE_POLICIES, DEFAULT_FORM.stalePolicy),
    ranker: oneOf(stored.ranker, RANKERS, DEFAULT_FORM.ranker),
    scopeKind: oneOf(stored.scopeKind, SCOPE_KINDS, DEFAULT_FORM.scopeKind),
  };
}

/**
 * The principal to run as once the list is known: the remembered one, even when the list no longer
 * holds it (the form then shows it unset and names it, see `principalChoice`, rather than run as
 * someone else); none remembered, the first of the list.
 */
export function principalAfterRestore(remembered: string, available: readonly string[]): string {
  return remembered === '' ? (available[0] ?? '') : remembered;
}

/**
 * The form with the principal the list settled on, as a state update: applied only while the form
 * still holds the principal the list was checked against (`seen`). A principal picked since — a
 * person (or a test) quicker than the list's arrival — is a choice, and stays.
 */
export function settlePrincipal(current: RequestForm, seen: string, principalId: string): RequestForm {
  return current.principalId === seen && principalId !== seen ? { ...current, principalId } : current;
}
