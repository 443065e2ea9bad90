import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../app/error-box';
import { focusWhenShown, RUN_RESULTS_TARGET } from '../../app/focus-target';
import { useAppState } from '../../app/app-state';
import { useLensClient } from '../../app/lens-client-context';
import { text2CypherAvailability } from '../../app/chat-mode';
import { providerAvailability } from '../../app/provider-mode';
import { useOperation } from '../../app/use-operation';
import { QueryForm } from './QueryForm';
import { QuerySummary } from './QuerySummary';
import { formToRequest } from './request-form';
import { FIELD_TEST_IDS, type SummaryField } from './request-summary';
import { RunResults } from './RunResults';
import { newTraceId, StopButton } from './StopButton';
import { useRememberedForm } from './use-remembered-form';
import { workbenchPrincipalChoice } from './principal-options';
import { isReopenKey } from './keyboard-shortcut';
import './workbench.css';
import './results.css';

/** The workbench: make a context request as a chosen principal and see everything it returned. */
export function WorkbenchScreen() {
  const { t } = useTranslation('workbench');
  const client = useLensClient();
  const { run, setRun } = useAppState();
  // What the graph holds is read again when the user comes back to the window: a folder loaded
  // where the app runs (`lens demo load`) changes the principals and the document types.
  const listed = useOperation(() => client['principals.list']({}), [client], { reloadOnReturn: true });
  // The picker lists the principals to run as; the graph's Principal nodes it cannot read are named under it.
  const principals = { ...listed, value: listed.value?.principals ?? null };
  const unreadable = listed.value?.unreadable ?? [];
  const provider = useOperation(() => client['provider.get']({}), [client]);
  const chat = useOperation(() => client['chat.get']({}), [client]);
  const documentTypes = useOperation(() => client['graph.document_types']({}), [client], { reloadOnReturn: true });
  const { form, patch, markRan } = useRememberedForm(principals);
  // A principal the list no longer holds, or none, is never run as: Run waits for a choice.
  const ready = workbenchPrincipalChoice(form.principalId, principals.value, run?.principal ?? null).state === 'chosen';
  // After a run the form collapses to its summary line, so the results take the screen.
  const [formOpen, setFormOpen] = useState(run === null);
  // The field to focus when the summary re-opens the form.
  const [focusTarget, setFocusTarget] = useState<SummaryField | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const [running, setRunning] = useState(false);
  // The trace id of the run going on, so the Stop button can name it to `query.cancel`.
  const [runningTraceId, setRunningTraceId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  // What the live region announces after a run made here (a stored run opened from Traces is not announced).
  const [finished, setFinished] = useState<{ outcome: string; count: number } | null>(null);
  const collapsed = run !== null && !formOpen;
  // A run made here moves focus to its results, so the keyboard goes on from what the run found.
  useEffect(() => (finished ? focusWhenShown(RUN_RESULTS_TARGET) : undefined), [finished]);

  const setPrincipal = (principalId: string) => patch({ principalId });
  const edit = (field: SummaryField) => {
    setFormOpen(true);
    setFocusTarget(field);
  };

  useEffect(() => {
    if (focusTarget === null) return;
    const target =
      sectionRef.current?.querySelector<HTMLElement>(`[data-testid="${FIELD_TEST_IDS[focusTarget]}"]`) ??
      sectionRef.current?.querySelector<HTMLElement>(`[data-testid="${FIELD_TEST_IDS.query}"]`);
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget, formOpen]);

  // "/" or "E" outside a text field re-opens the collapsed form on the query.
  useEffect(() => {
    if (!collapsed) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isReopenKey(event)) return;
      event.preventDefault();
      edit('query');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [collapsed]);

  const execute = async () => {
    if (running || !ready) return;
    const request = { ...formToRequest(form), trace_id: newTraceId() };
    setRunning(true);
    setRunningTraceId(request.trace_id);
    setError(null);
    setFinished(null);
    try {
      const result = await client['query.run']({ request });
      markRan(result.response.trace_id);
      setRun({
        traceId: result.response.trace_id,
        request,
        principal: result.principal,
        response: result.response,
        replayOf: result.replay_of,
        fromHistory: false,
      });
      setFinished({ outcome: result.response.outcome, count: result.response.items.length });
      // The form collapses; focus goes to the results (the effect on `finished` above).
      setFormOpen(false);
    } catch (failure: unknown) {
      setError(failure);
    } finally {
      setRunning(false);
      setRunningTraceId(null);
    }
  };

  return (
    <section ref={sectionRef} className="wb-screen" aria-labelledby="wb-heading">
      <h2 id="wb-heading" className="wb-sr-only">
        {t('heading')}
      </h2>
      {collapsed ? (
        <QuerySummary form={form} onEdit={edit} onRun={() => void execute()} running={running} ready={ready} />
      ) : (
        <QueryForm
          form={form}
          onChange={patch}
          onRun={() => void execute()}
          running={running}
          ready={ready}
          onPrincipalChange={setPrincipal}
          principals={principals}
          unreadable={unreadable}
          snapshot={run?.principal ?? null}
          provider={providerAvailability(provider)}
          text2cypher={text2CypherAvailability(chat)}
          documentTypes={documentTypes}
        />
      )}
      {running ? <StopButton traceId={runningTraceId} onError={setError} /> : null}
      {/* Seen while a run goes on; afterwards the outcome banner says it, so the line is only announced. */}
      <div className={running ? 'wb-live' : 'wb-live wb-sr-only'} role="status" aria-live="polite" data-testid="run-status">
        {running ? t('running_as', { principal: form.principalId, mode: t(`mode_${form.mode}`) }) : finished ? t('run_done', finished) : ''}
      </div>
      {error ? <ErrorBox error={error} onRetry={() => void execute()} /> : null}
      {run ? (
        <RunResults run={run} stale={running} chat={chat.value} />
      ) : !error ? (
        <p className="panel muted wb-empty">{t('no_run_yet')}</p>
      ) : null}
    </section>
  );
}
