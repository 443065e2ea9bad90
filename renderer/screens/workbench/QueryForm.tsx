import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_QUESTION_CHARS } from '../../../shared/context-contract';
import type { DocumentTypes } from '../../../shared/document-types';
import type { Principal, UnreadablePrincipal } from '../../../shared/principal';
import { ModeOptions, ProviderModeNote } from '../../app/ModeOptions';
import type { Text2CypherAvailability } from '../../app/chat-mode';
import type { ProviderAvailability } from '../../app/provider-mode';
import type { OperationState } from '../../app/use-operation';
import { FreshnessField } from './FreshnessField';
import { ScopeField } from './ScopeField';
import { isRunShortcut, useRunShortcut } from '../../app/run-shortcut';
import { PrincipalPicker } from './PrincipalPicker';
import { RetrievalOptionsFields } from './RetrievalOptionsFields';
import { formatNumber } from '../../app/number-format';
import { WORKBENCH_MODES, type RequestForm, type WorkbenchMode } from './request-form';

interface QueryFormProps {
  readonly form: RequestForm;
  readonly onChange: (patch: Partial<RequestForm>) => void;
  /** Stable across renders: the picker fills in the first principal once the list arrives. */
  readonly onPrincipalChange: (principalId: string) => void;
  readonly onRun: () => void;
  readonly running: boolean;
  /** Whether the form names a principal the list holds; if not, Run (and its shortcut) waits for a choice. */
  readonly ready: boolean;
  readonly principals: OperationState<Principal[]>;
  /** The graph's Principal nodes that cannot be read as a principal, named under the picker. */
  readonly unreadable?: readonly UnreadablePrincipal[];
  readonly snapshot: Principal | null;
  /** Whether mode `provider` can run (an endpoint is configured), and if not, why. */
  readonly provider: ProviderAvailability;
  /** Whether mode `text2cypher` can run (a chat model is on), and if not, why. */
  readonly text2cypher: Text2CypherAvailability;
  /** The document types the connected graph holds (`graph.document_types`), named under the type filter. */
  readonly documentTypes: OperationState<DocumentTypes>;
}

/** A labelled number field with its test id. */
function NumberField({
  label,
  hint,
  value,
  onChange,
  testId,
  min,
  max,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  min: number;
  max: number;
}) {
  const id = useId();
  return (
    <div className="wb-field wb-number">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        data-testid={testId}
      />
      <span id={`${id}-hint`} className="wb-hint">
        {hint}
      </span>
    </div>
  );
}

/** From this share of MAX_QUESTION_CHARS on, the question box counts its characters. */
const COUNT_FROM = 0.8;

/**
 * The question's characters as the door counts them (trimmed, in UTF-16 units, as the contract's
 * `.max` measures): shown from 80 % of MAX_QUESTION_CHARS, so a pasted document is seen to be too long
 * before Run, which the door would refuse, rather than after.
 */
export function questionLength(query: string): { used: number; shown: boolean; over: number } {
  const used = query.trim().length;
  return { used, shown: used >= MAX_QUESTION_CHARS * COUNT_FROM, over: Math.max(0, used - MAX_QUESTION_CHARS) };
}

/** The request: query, principal, mode and limits; Run (or Ctrl/Cmd+Enter) submits it. */
export function QueryForm({
  form,
  onChange,
  onPrincipalChange,
  onRun,
  running,
  ready,
  principals,
  unreadable = [],
  snapshot,
  provider,
  text2cypher,
  documentTypes,
}: QueryFormProps) {
  const { t, i18n } = useTranslation('workbench');
  const queryId = useId();
  const modeId = useId();
  const { label: shortcut, aria: shortcutKeys } = useRunShortcut();
  const length = questionLength(form.query);
  const tooLong = length.over > 0;
  const counted = {
    used: formatNumber(length.used, i18n.language),
    max: formatNumber(MAX_QUESTION_CHARS, i18n.language),
    over: formatNumber(length.over, i18n.language),
  };
  const runnable = ready && !tooLong;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (runnable) onRun();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isRunShortcut(event)) return;
    event.preventDefault();
    if (runnable) onRun();
  };

  return (
    <form className="panel wb-form" onSubmit={submit} onKeyDown={onKeyDown} aria-label={t('form_label')}>
      <div className="wb-field wb-query">
        <label htmlFor={queryId}>{t('query_label')}</label>
        <textarea
          id={queryId}
          rows={3}
          value={form.query}
          onChange={(event) => onChange({ query: event.target.value })}
          placeholder={t('query_placeholder')}
          aria-describedby={length.shown ? `${queryId}-hint ${queryId}-count` : `${queryId}-hint`}
          aria-invalid={tooLong || undefined}
          data-testid="query-input"
        />
        <span id={`${queryId}-hint`} className="wb-hint">
          {t('query_hint', { shortcut })}
        </span>
        {length.shown && (
          <span
            id={`${queryId}-count`}
            className={tooLong ? 'wb-count wb-count-over' : 'wb-count'}
            aria-live="polite"
            data-testid="query-count"
          >
            {t(tooLong ? 'query_count_over' : 'query_count', counted)}
          </span>
        )}
      </div>
      <div className="wb-form-grid">
        <PrincipalPicker
          principals={principals}
          unreadable={unreadable}
          value={form.principalId}
          onChange={onPrincipalChange}
          snapshot={snapshot}
        />
        <div className="wb-field">
          <label htmlFor={modeId}>{t('mode_label')}</label>
          <select
            id={modeId}
            value={form.mode}
            onChange={(event) => onChange({ mode: event.target.value as WorkbenchMode })}
            aria-describedby={`${modeId}-hint`}
            data-testid="mode-select"
          >
            <ModeOptions modes={WORKBENCH_MODES} availability={provider} text2cypher={text2cypher} />
          </select>
          <span id={`${modeId}-hint`} className="wb-hint">
            {t(`mode_${form.mode}_hint`)}
          </span>
          <ProviderModeNote availability={provider} text2cypher={text2cypher} mode={form.mode} />
        </div>
        <NumberField
          label={t('top_k_label')}
          hint={t('top_k_hint')}
          value={form.topK}
          onChange={(topK) => onChange({ topK })}
          testId="top-k-input"
          min={1}
          max={100}
        />
        <NumberField
          label={t('max_tokens_label')}
          hint={t('max_tokens_hint')}
          value={form.maxTokens}
          onChange={(maxTokens) => onChange({ maxTokens })}
          testId="max-tokens-input"
          min={1}
          max={1_000_000}
        />
        <NumberField
          label={t('timeout_label')}
          hint={t('timeout_hint')}
          value={form.timeoutMs}
          onChange={(timeoutMs) => onChange({ timeoutMs })}
          testId="timeout-input"
          min={1}
          max={600_000}
        />
        <FreshnessField value={form.freshnessAt} onChange={(freshnessAt) => onChange({ freshnessAt })} />
        <ScopeField kind={form.scopeKind} values={form.scopeValues} onChange={onChange} />
      </div>
      <RetrievalOptionsFields form={form} onChange={onChange} documentTypes={documentTypes} />
      <div className="wb-actions">
        <button
          type="submit"
          className="primary"
          disabled={running || !runnable}
          aria-busy={running}
          aria-describedby={tooLong ? `${queryId}-run-off` : undefined}
          aria-keyshortcuts={shortcutKeys}
          data-testid="run-button"
        >
          {running ? t('running') : t('run')}
        </button>
        <span className="wb-hint">{shortcut}</span>
        {tooLong && (
          <span id={`${queryId}-run-off`} className="wb-run-off" role="status" data-testid="run-off-reason">
            {t('run_off_too_long', counted)}
          </span>
        )}
      </div>
    </form>
  );
}
