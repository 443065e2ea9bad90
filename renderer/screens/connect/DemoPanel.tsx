import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LensError } from '../../../shared/lens-error';
import { useCoreText } from '../../app/core-text';
import { ErrorBox } from '../../app/error-box';
import type { ProgressEvent } from '../../../shared/progress-event';
import type { DemoInUse } from './demo-state';
import { LoadFolderForm, type LoadFolderState } from './LoadFolderForm';
import { LoadSummaryView } from './LoadSummaryView';
import type { DemoJob } from './use-demo-job';

/** Which sentence says what the demo database holds: the demo corpus or a folder, and whether its load finished. */
function holdsKey(holds: NonNullable<DemoInUse['holds']>): `demo_holds_${'demo' | 'folder'}${'' | '_partial'}` {
  return `demo_holds_${holds.kind}${holds.finished ? '' : '_partial'}`;
}

/** What the panel says when each kind of demo job ended. */
const DONE = { start: 'demo_done', load: 'load_done', reload: 'demo_reloaded' } as const;
const FAILED = { start: 'demo_failed', load: 'load_failed', reload: 'demo_reload_failed' } as const;

/**
 * "Start the demo database": the button, the latest progress message, and the log of the job; or, when
 * the demo database is already the connection in use, what it holds and how to load it again. Below,
 * "Load a folder of your own" (`demo.load`), whose job shows in the same log and ends in the load's
 * summary (as does a first start that loaded the demo corpus).
 */
export function DemoPanel({
  job,
  emphasis,
  inUse,
  loadForm,
}: {
  job: DemoJob;
  emphasis: boolean;
  inUse: DemoInUse | null;
  /** The folder form's state, kept by the screen so it survives the panel moving. */
  loadForm: LoadFolderState;
}) {
  const { t } = useTranslation('connect');
  const text = useCoreText();
  // Each step in the UI's language from its code; an event without one (an older build's) shows its English.
  const said = (event: ProgressEvent) => text(event.said?.code, event.said?.params, event.message) ?? event.message;
  const { status, busy } = job;
  const events = status?.events ?? [];
  const latest = events.at(-1);
  const log = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [events.length]);
  // Rebuilt with its codes, so the failure is worded in the UI's language.
  const jobError = status?.error ? LensError.fromData(status.error) : null;
  const state = busy ? 'running' : (status?.state ?? 'idle');
  const loaded = state === 'done' && status?.result && 'loaded' in status.result ? status.result.loaded : null;

  return (
    <section className={emphasis ? 'panel cn-demo cn-demo-emphasis' : 'panel cn-demo'} aria-labelledby="cn-demo-heading">
      <h2 id="cn-demo-heading">{t('demo_heading')}</h2>
      {inUse && !busy ? (
        <div data-testid="demo-in-use">
          <p role="status">
            <span className="badge current">{t('in_use')}</span> {t('demo_in_use', { ...inUse, count: inUse.documents })}
          </p>
          {inUse.holds ? <p data-testid="demo-holds">{t(holdsKey(inUse.holds), { folder: inUse.holds.folder })}</p> : null}
          <p className="muted">{t('demo_reload_hint')}</p>
          <button type="button" onClick={job.reload} data-testid="reload-demo-button">
            {t('demo_reload')}
          </button>
        </div>
      ) : (
        <DemoStart job={job} emphasis={emphasis} />
      )}
      <LoadFolderForm job={job} state={loadForm} />
      {busy || status ? (
        <div className="cn-progress" data-testid="demo-progress" data-state={state}>
          <p className="cn-progress-latest" role="status" aria-live="polite">
            {state === 'done'
              ? t(DONE[job.kind ?? 'start'])
              : state === 'failed'
                ? t(FAILED[job.kind ?? 'start'])
                : latest
                  ? said(latest)
                  : t('demo_waiting')}
          </p>
          {state === 'running' ? (
            <div
              className="cn-progress-track"
              role="progressbar"
              aria-label={t('demo_heading')}
              {...(latest?.fraction !== undefined
                ? { 'aria-valuenow': Math.round(latest.fraction * 100), 'aria-valuemin': 0, 'aria-valuemax': 100 }
                : {})}
            >
              <div
                className={latest?.fraction !== undefined ? 'cn-progress-fill' : 'cn-progress-fill cn-indeterminate'}
                style={latest?.fraction !== undefined ? { width: `${latest.fraction * 100}%` } : undefined}
              />
            </div>
          ) : null}
          {events.length > 0 ? (
            <ol className="cn-log" ref={log} aria-label={t('demo_log')} tabIndex={0}>
              {events.map((event, index) => (
                <li key={index}>
                  <span className="cn-log-phase">{t(`phase_${event.phase}`, { defaultValue: event.phase })}</span> {said(event)}
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      ) : null}
      {loaded ? <LoadSummaryView summary={loaded} /> : null}
      {jobError ? <ErrorBox error={jobError} onRetry={job.retry} /> : null}
      {job.error ? <ErrorBox error={job.error} /> : null}
    </section>
  );
}

/** What the panel offers when the demo database is not in use: what starting it does, and the button. */
function DemoStart({ job, emphasis }: { job: DemoJob; emphasis: boolean }) {
  const { t } = useTranslation('connect');
  const { busy } = job;
  return (
    <>
      <p className="muted">{t('demo_body')}</p>
      <button
        type="button"
        className={emphasis ? 'primary' : undefined}
        onClick={job.start}
        disabled={busy}
        aria-busy={busy}
        data-testid="start-demo-button"
      >
        {busy && job.kind !== 'load' ? t('demo_starting') : t('demo_start')}
      </button>
    </>
  );
}
