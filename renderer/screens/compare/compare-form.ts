import type { CompareInput, Comparison } from '../../../shared/compare/comparison';
import type { Principal } from '../../../shared/principal';
import { IMPLEMENTED_MODES, isImplementedMode, REQUEST_DEFAULTS, type ImplementedMode } from '../../../shared/context-contract';
import { principalChoice } from '../../app/principal-choice';

/** The modes the compare form offers: those this build runs. */
export const COMPARE_MODES = IMPLEMENTED_MODES;

/** The compare form as the user edits it; numbers stay text so the server's schema is the one judge. */
export interface CompareForm {
  readonly source: 'principals' | 'runs';
  readonly query: string;
  readonly principalA: string;
  readonly principalB: string;
  readonly mode: ImplementedMode;
  readonly topK: string;
  readonly timeoutMs: string;
  readonly traceA: string;
  readonly traceB: string;
}

/** An untouched form asks for what the provider would by default. */
export const DEFAULT_COMPARE_FORM: CompareForm = {
  source: 'principals',
  query: '',
  principalA: '',
  principalB: '',
  mode: REQUEST_DEFAULTS.mode,
  topK: String(REQUEST_DEFAULTS.top_k),
  timeoutMs: String(REQUEST_DEFAULTS.timeout_ms),
  traceA: '',
  traceB: '',
};

/**
 * The form with a principal on each side the selects can show: a side left empty takes the first
 * principal (A) or the second (B; the first when the list has only one). A select shows its first
 * option whatever the form holds, so a side left empty looked chosen and was sent as "" (refused with
 * a schema message). A side already chosen keeps its principal even when the list no longer holds
 * it (a folder loaded since): it shows as unset with a note (`principalChoice`), never as someone else.
 */
export function withListedPrincipals(form: CompareForm, principals: readonly Principal[]): CompareForm {
  const [first, second] = principals;
  if (!first) return form;
  const principalA = form.principalA === '' ? first.principal_id : form.principalA;
  const principalB = form.principalB === '' ? (second ?? first).principal_id : form.principalB;
  return principalA === form.principalA && principalB === form.principalB ? form : { ...form, principalA, principalB };
}

/** Whether the form can compare as two principals: each side holds a principal the list holds. */
export function bothSidesChosen(form: CompareForm, principals: readonly Principal[] | null): boolean {
  return [form.principalA, form.principalB].every((id) => principalChoice(id, principals).state === 'chosen');
}

/** A number field: empty means "use the default"; anything else goes as typed. */
function numberField(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** What `compare.run` is asked for: one request (same mode and options for both principals), or two stored runs. */
export function formToCompareInput(form: CompareForm): CompareInput {
  if (form.source === 'runs') return { source: 'runs', trace_a: form.traceA, trace_b: form.traceB };
  const numbers = { top_k: numberField(form.topK), timeout_ms: numberField(form.timeoutMs) };
  return {
    source: 'principals',
    principal_a: form.principalA,
    principal_b: form.principalB,
    request: {
      query: form.query,
      mode: form.mode,
      ...Object.fromEntries(Object.entries(numbers).filter(([, value]) => value !== undefined)),
    },
  };
}

/** The form that asks for a kept comparison again (when it is reopened), keeping the limits as they are. */
export function comparisonToForm(comparison: Comparison, current: CompareForm): CompareForm {
  const { a, b } = comparison;
  return {
    ...current,
    source: comparison.source,
    query: a.query,
    principalA: a.principal.principal_id,
    principalB: b.principal.principal_id,
    mode: isImplementedMode(a.mode) ? a.mode : current.mode,
    traceA: a.trace_id,
    traceB: b.trace_id,
  };
}
