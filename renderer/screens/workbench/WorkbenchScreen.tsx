import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../app/error-box';
import { focusWhenShown, RUN_RESULTS_TARGET } from '../../app/focus-target';
import { useAppState } from '../../app/app-state';
import { useLensClient } from '../../app/lens-client-context';
import { text2CypherAvailability } from '../../app/chat-mode';
import { providerAvailability } from '../../app/provider-mode';
import { useOperation } from '../../app/use-operation';
import { QueryForm } from './QueryForm';
import { DEFAULT_FORM, formToRequest, requestToForm, type RequestForm } from './request-form';
import { RunResults } from './RunResults';
import { newTraceId, StopButton } from './StopButton';
import './workbench.css';

/** The workbench: make a context request as a chosen principal and see everything it returned. */
export function WorkbenchScreen() {
  const { t } = useTranslation('workbench');
  const client = useLensClient();
  const { run, setRun } = useAppState();
  const [form, setForm] = useState<RequestForm>(() => (run ? requestToForm(run.request, run.principal.principal_id) : DEFAULT_FORM));
  const [formFor, setFormFor] = useState<string | null>(run?.traceId ?? null);
  const [running, setRunning] = useState(false);
  // The trace id of the run going on, so the Stop button can name it to `query.cancel`.
  const [runningTraceId, setRunningTraceId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  // What the live region announces after a run made here (a stored run opened from Traces is not announced).
  const [finished, setFinished] = useState<{ outcome: string; count: number } | null>(null);
  // A run made here moves focus to its results, so the keyboard goes on from what the run found.
  useEffect(() => (finished ? focusWhenShown(RUN_RESULTS_TARGET) : undefined), [finished]);
  const principals = useOperation(() => client['principals.list']({}), [client]);
  const provider = useOperation(() => client['provider.get']({}), [client]);
  const chat = useOperation(() => client['chat.get']({}), [client]);

  // A stored run opened from Traces brings its original request into the form.
  if (run && run.fromHistory && run.traceId !== formFor) {
    setFormFor(run.traceId);
    setForm(requestToForm(run.request, run.principal.principal_id));
  }

  const patch = useCallback((change: Partial<RequestForm>) => setForm((current) => ({ ...current, ...change })), []);
  const setPrincipal = useCallback((principalId: string) => patch({ principalId }), [patch]);

  const execute = async () => {
    if (running) return;
    const request = { ...formToRequest(form), trace_id: newTraceId() };
    setRunning(true);
    setRunningTraceId(request.trace_id);
    setError(null);
    setFinished(null);
    try {
      const result = await client['query.run']({ request });
      setFormFor(result.response.trace_id);
      setRun({
        traceId: result.response.trace_id,
        request,
        principal: result.principal,
        response: result.response,
        replayOf: result.replay_of,
        fromHistory: false,
      });
      setFinished({ outcome: result.response.outcome, count: result.response.items.length });
    } catch (failure: unknown) {
      setError(failure);
    } finally {
      setRunning(false);
      setRunningTraceId(null);
    }
  };

  return (
    <section className="wb-screen" aria-labelledby="wb-heading">
      <h2 id="wb-heading" className="wb-sr-only">
        {t('heading')}
      </h2>
      <QueryForm
        form={form}
        onChange={patch}
        onRun={() => void execute()}
        running={running}
        onPrincipalChange={setPrincipal}
        principals={principals}
        snapshot={run?.principal ?? null}
        provider={providerAvailability(provider)}
        text2cypher={text2CypherAvailability(chat)}
      />
      {running ? <StopButton traceId={runningTraceId} onError={setError} /> : null}
      <div className="wb-live" role="status" aria-live="polite" data-testid="run-status">
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
