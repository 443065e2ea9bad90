import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { isRunShortcut, useRunShortcut } from '../../app/run-shortcut';
import { useTranslation } from 'react-i18next';
import type { Principal } from '../../../shared/principal';
import type { RunSummary } from '../../../shared/trace-record';
import { ErrorBox } from '../../app/error-box';
import { ModeOptions, ProviderModeNote, useModeLabel } from '../../app/ModeOptions';
import type { Text2CypherAvailability } from '../../app/chat-mode';
import type { ProviderAvailability } from '../../app/provider-mode';
import type { OperationState } from '../../app/use-operation';
import { formatRunTime } from '../../app/time-format';
import { useOutcomeLabel } from './outcome-label';
import { principalChoice } from '../../app/principal-choice';
import { principalLabel, SELECT_COLUMNS, textColumns } from '../../app/principal-label';
import { PrincipalGoneNote, UnsetPrincipalOption } from '../../app/PrincipalGone';
import { bothSidesChosen, COMPARE_MODES, type CompareForm } from './compare-form';

interface FieldProps {
  readonly label: string;
  readonly testId: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/**
 * A labelled select of principals. A side whose principal the list no longer holds shows as unset,
 * naming the principal that was chosen, rather than showing (and running as) someone else.
 */
function PrincipalSelect({ label, testId, value, onChange, principals }: FieldProps & { principals: OperationState<Principal[]> }) {
  const { t } = useTranslation('compare');
  const id = useId();
  const noteId = useId();
  const list = principals.value ?? [];
  const side = principalChoice(value, principals.value);
  const unset = list.length > 0 && side.state !== 'chosen';
  const chosen = unset ? undefined : list.find((entry) => entry.principal_id === value);
  // A closed select shows only the start of a long label (a 40-character id, a Korean display name): the chosen
  // principal is then written out whole under it, and the select's tooltip holds it too.
  const chosenLabel = chosen ? principalLabel(chosen) : undefined;
  const cut = chosenLabel !== undefined && textColumns(chosenLabel) > SELECT_COLUMNS;
  return (
    <div className="cmp-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        title={chosenLabel}
        value={unset ? '' : value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        disabled={list.length === 0}
        aria-invalid={side.state === 'gone' ? true : undefined}
        aria-describedby={side.state === 'gone' ? noteId : undefined}
      >
        {list.length === 0 ? <option value="">{principals.loading ? t('principals_loading') : t('principals_none')}</option> : null}
        {unset ? <UnsetPrincipalOption /> : null}
        {list.map((entry) => (
          <option key={entry.principal_id} value={entry.principal_id}>
            {principalLabel(entry)}
          </option>
        ))}
      </select>
      {cut ? (
        <p className="cmp-chosen-whole" data-testid={`${testId}-whole`}>
          {chosenLabel}
        </p>
      ) : null}
      {side.state === 'gone' ? <PrincipalGoneNote id={noteId} testId={`${testId}-gone`} field={label} principal={side.principal} /> : null}
    </div>
  );
}

/** A labelled select of stored runs, newest first. */
function RunSelect({ label, testId, value, onChange, runs }: FieldProps & { runs: OperationState<RunSummary[]> }) {
  const { t } = useTranslation('compare');
  const modeLabel = useModeLabel();
  const outcomeLabel = useOutcomeLabel();
  const id = useId();
  const list = runs.value ?? [];
  return (
    <div className="cmp-field cmp-run-select">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId} disabled={list.length === 0}>
        <option value="">{runs.loading ? t('runs_loading') : list.length === 0 ? t('runs_none') : '—'}</option>
        {list.map((run) => (
          <option key={run.trace_id} value={run.trace_id}>
            {t('run_option', {
              time: formatRunTime(run.created_at),
              principal: run.principal_id,
              mode: modeLabel(run.mode),
              outcome: outcomeLabel(run.outcome),
              query: run.query,
            })}
            {run.replay_of ? ` ${t('run_option_replay', { id: run.replay_of })}` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled text field (numbers stay text). */
function TextField({ label, testId, value, onChange }: FieldProps) {
  const id = useId();
  return (
    <div className="cmp-field cmp-number">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="number" value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId} />
    </div>
  );
}

interface CompareFormPanelProps {
  readonly form: CompareForm;
  readonly onChange: (patch: Partial<CompareForm>) => void;
  readonly onCompare: () => void;
  readonly running: boolean;
  readonly principals: OperationState<Principal[]>;
  readonly runs: OperationState<RunSummary[]>;
  /** Whether mode `provider` can run (an endpoint is configured), and if not, why. */
  readonly provider: ProviderAvailability;
  /** Whether mode `text2cypher` can run (a chat model is on), and if not, why. */
  readonly text2cypher: Text2CypherAvailability;
}

/** The request as two principals (query, A, B, mode, limits), or two stored runs. */
function SourceFields({ form, onChange, principals, runs, provider, text2cypher }: Omit<CompareFormPanelProps, 'onCompare' | 'running'>) {
  const { t } = useTranslation('compare');
  const queryId = useId();
  const modeId = useId();
  if (form.source === 'runs')
    return (
      <div className="cmp-grid">
        <RunSelect label={t('run_a')} testId="compare-run-a" value={form.traceA} onChange={(traceA) => onChange({ traceA })} runs={runs} />
        <RunSelect label={t('run_b')} testId="compare-run-b" value={form.traceB} onChange={(traceB) => onChange({ traceB })} runs={runs} />
        {runs.error ? <ErrorBox error={runs.error} onRetry={runs.reload} /> : null}
      </div>
    );
  return (
    <>
      <div className="cmp-field cmp-query">
        <label htmlFor={queryId}>{t('query_label')}</label>
        <textarea
          id={queryId}
          rows={2}
          value={form.query}
          placeholder={t('query_placeholder')}
          onChange={(event) => onChange({ query: event.target.value })}
          data-testid="compare-query"
        />
      </div>
      <div className="cmp-grid">
        <PrincipalSelect
          label={t('principal_a')}
          testId="compare-principal-a"
          value={form.principalA}
          onChange={(principalA) => onChange({ principalA })}
          principals={principals}
        />
        <PrincipalSelect
          label={t('principal_b')}
          testId="compare-principal-b"
          value={form.principalB}
          onChange={(principalB) => onChange({ principalB })}
          principals={principals}
        />
        <div className="cmp-field">
          <label htmlFor={modeId}>{t('mode_label')}</label>
          <select
            id={modeId}
            value={form.mode}
            onChange={(event) => onChange({ mode: event.target.value as CompareForm['mode'] })}
            data-testid="compare-mode"
          >
            <ModeOptions modes={COMPARE_MODES} availability={provider} text2cypher={text2cypher} />
          </select>
          <ProviderModeNote availability={provider} text2cypher={text2cypher} mode={form.mode} />
        </div>
        <TextField label={t('top_k_label')} testId="compare-top-k" value={form.topK} onChange={(topK) => onChange({ topK })} />
        <TextField
          label={t('timeout_label')}
          testId="compare-timeout"
          value={form.timeoutMs}
          onChange={(timeoutMs) => onChange({ timeoutMs })}
        />
      </div>
      {principals.value?.length === 1 ? (
        <p className="hint" role="note" data-testid="compare-one-principal">
          {t('one_principal', { principal: principals.value[0]?.principal_id })}
        </p>
      ) : null}
      {principals.error ? <ErrorBox error={principals.error} onRetry={principals.reload} /> : null}
    </>
  );
}

/** What to compare, and the Compare button. */
export function CompareFormPanel(props: CompareFormPanelProps) {
  const { t } = useTranslation('compare');
  const { form, onChange, onCompare, running, principals } = props;
  // As two principals, each side must name one the list holds: a side left unset is not sent as "".
  const ready = form.source === 'runs' || bothSidesChosen(form, principals.value);
  const shortcut = useRunShortcut();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !running) onCompare();
  };
  // Ctrl/Cmd+Enter compares, as it runs on the Workbench; Enter alone starts a new line in the query.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isRunShortcut(event)) return;
    event.preventDefault();
    if (ready && !running) onCompare();
  };
  return (
    <form className="panel cmp-form" onSubmit={submit} onKeyDown={onKeyDown} aria-label={t('heading')}>
      <fieldset className="cmp-source">
        <legend>{t('source_label')}</legend>
        {(['principals', 'runs'] as const).map((source) => (
          <label key={source}>
            <input
              type="radio"
              name="compare-source"
              checked={form.source === source}
              onChange={() => onChange({ source })}
              data-testid={`compare-source-${source}`}
            />{' '}
            {t(`source_${source}`)}
          </label>
        ))}
      </fieldset>
      <SourceFields {...props} />
      <div className="cmp-actions">
        <button
          type="submit"
          className="primary"
          disabled={running || !ready}
          aria-keyshortcuts={shortcut.aria}
          data-testid="compare-button"
        >
          {running ? t('comparing') : t('compare')}
        </button>
        <span className="hint">{shortcut.label}</span>
      </div>
    </form>
  );
}
