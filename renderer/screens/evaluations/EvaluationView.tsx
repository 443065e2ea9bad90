import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvalReport, EvalRun, Metrics } from '../../../shared/eval/eval-report';
import { useCoreText } from '../../app/core-text';
import { ErrorBox } from '../../app/error-box';
import { useModeLabel } from '../../app/ModeOptions';
import { formatRunTime } from '../../app/time-format';
import { EvalFindings } from './EvalFindings';

/** A figure as three decimals, or a dash when there is none. */
export const figure = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value.toFixed(3));
const ms = (value: number | null) => (value === null ? '—' : value.toFixed(0));

function MetricCells({ metrics }: { metrics: Metrics | null }) {
  return (
    <>
      <td>{figure(metrics?.recall)}</td>
      <td>{figure(metrics?.precision)}</td>
      <td>{figure(metrics?.mrr)}</td>
      <td>{figure(metrics?.ndcg)}</td>
    </>
  );
}

/** The header cells of the four figures at cut-off k. */
export function MetricHeads({ k, prefix = '' }: { k: number; prefix?: string }) {
  const { t } = useTranslation('evaluations');
  return (
    <>
      <th>{prefix + t('col_recall', { k })}</th>
      <th>{prefix + t('col_precision', { k })}</th>
      <th>{prefix + t('col_mrr')}</th>
      <th>{prefix + t('col_ndcg', { k })}</th>
    </>
  );
}

function ModeTable({ report }: { report: EvalReport }) {
  const { t } = useTranslation('evaluations');
  const modeLabel = useModeLabel();
  return (
    <table className="eval-table" data-testid="eval-modes">
      <thead>
        <tr>
          <th>{t('col_mode')}</th>
          <th>{t('col_runs')}</th>
          <th>{t('col_passed')}</th>
          <th>{t('col_leaks')}</th>
          <th>{t('col_failed')}</th>
          <MetricHeads k={report.k} />
          <th>{t('col_chunk_recall', { k: report.k })}</th>
          <th>{t('col_p50')}</th>
          <th>{t('col_p95')}</th>
        </tr>
      </thead>
      <tbody>
        {report.aggregates.map((mean) => (
          <tr key={mean.mode} data-testid="eval-mode-row" data-mode={mean.mode}>
            <td>{modeLabel(mean.mode)}</td>
            <td>{mean.runs}</td>
            <td>{mean.passed}</td>
            <td className={mean.violations > 0 ? 'eval-bad' : undefined}>{mean.violations}</td>
            <td className={mean.failed > 0 ? 'eval-bad' : undefined}>{mean.failed}</td>
            <MetricCells metrics={mean.document_metrics} />
            <td>{figure(mean.chunk_metrics?.recall)}</td>
            <td>{ms(mean.latency_p50_ms)}</td>
            <td>{ms(mean.latency_p95_ms)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Why a run failed, in the UI's language: its kind as the Workbench names an outcome (or as an error box names an
 * error's kind), and its sentence from its message code; a report kept before codes were stored keeps its English.
 */
function useFailureText(): (error: EvalRun['error']) => string {
  const { t } = useTranslation('evaluations');
  const text = useCoreText();
  return (error) => {
    if (!error) return '';
    const kind = t([`workbench:outcome_${error.kind}`, `common:error_kind_${error.kind}`], { defaultValue: error.kind });
    const reason = text(error.message_code, error.message_params, error.message) ?? error.message;
    return t('failed_detail', { kind, reason });
  };
}

/** What a run's status cell says: the status, and for a leak each forbidden item, for a failure its reason. */
function StatusCell({ run }: { run: EvalRun }) {
  const { t } = useTranslation('evaluations');
  const { t: word } = useTranslation('evalmsg');
  const failureText = useFailureText();
  const detail =
    run.status === 'violation'
      ? run.violations.map((violation) => t('leak_detail', { ...violation })).join('; ')
      : run.status === 'failed'
        ? failureText(run.error)
        : '';
  return (
    <td className={run.status === 'passed' ? undefined : 'eval-bad'} data-testid="eval-status" data-status={run.status}>
      {word(`status_${run.status}`)}
      {detail ? <div className="muted">{detail}</div> : null}
    </td>
  );
}

function RunRow({ run, onOpen }: { run: EvalRun; onOpen: (traceId: string) => void }) {
  const { t } = useTranslation('evaluations');
  const modeLabel = useModeLabel();
  return (
    <tr
      data-testid="eval-run-row"
      data-question-id={run.question_id}
      data-mode={run.mode}
      data-status={run.status}
      data-trace-id={run.trace_id ?? undefined}
    >
      <td title={run.question}>
        <strong>{run.question_id}</strong>
        <div className="muted">{run.question}</div>
      </td>
      <td>{run.principal}</td>
      <td>{modeLabel(run.mode)}</td>
      <StatusCell run={run} />
      <MetricCells metrics={run.document_metrics} />
      <td>{figure(run.chunk_metrics?.recall)}</td>
      <td>{run.latency_ms.toFixed(0)}</td>
      <td>
        {run.trace_id ? (
          <button type="button" onClick={() => onOpen(run.trace_id as string)} data-testid="eval-open-run">
            {t('open_run')}
          </button>
        ) : (
          <span className="muted">{t('no_run')}</span>
        )}
      </td>
    </tr>
  );
}

/**
 * One evaluation: the graph it ran on, the means per mode, the set's expectations no run can meet (apart
 * from leaks and failures), then every question × mode with its figures and its recorded run.
 */
export function EvaluationView({
  report,
  onOpenRun,
  openError,
}: {
  report: EvalReport;
  onOpenRun: (traceId: string) => void;
  openError: unknown;
}) {
  const { t } = useTranslation('evaluations');
  const [problemsOnly, setProblemsOnly] = useState(false);
  const runs = problemsOnly ? report.runs.filter((run) => run.status !== 'passed') : report.runs;
  const unchecked = report.findings.filter((finding) => finding.unchecked !== undefined).length;
  const unmeetable = report.findings.length - unchecked;
  return (
    <section className="panel eval-report" data-testid="eval-report" data-evaluation-id={report.id}>
      <h3>{t('report_heading', { name: report.set.name, time: formatRunTime(report.created_at) })}</h3>
      <p className="muted">
        {t('report_graph', {
          uri: report.graph.uri ?? t('none'),
          label: report.graph.label ?? t('none'),
          fingerprint: report.graph.fingerprint,
          k: report.k,
        })}
      </p>
      {unmeetable > 0 ? <p data-testid="eval-findings-count">{t('findings_count', { count: unmeetable })}</p> : null}
      {unchecked > 0 ? <p data-testid="eval-unchecked-count">{t('unchecked_count', { count: unchecked })}</p> : null}
      <h4>{t('modes_heading')}</h4>
      <ModeTable report={report} />
      <EvalFindings report={report} />
      <h4>{t('questions_heading')}</h4>
      <label>
        <input
          type="checkbox"
          checked={problemsOnly}
          onChange={(event) => setProblemsOnly(event.target.checked)}
          data-testid="eval-problems-only"
        />{' '}
        {t('filter_problems')}
      </label>
      {openError ? <ErrorBox error={openError} /> : null}
      <table className="eval-table" data-testid="eval-runs">
        <thead>
          <tr>
            <th>{t('col_question')}</th>
            <th>{t('col_principal')}</th>
            <th>{t('col_mode')}</th>
            <th>{t('col_status')}</th>
            <MetricHeads k={report.k} />
            <th>{t('col_chunk_recall', { k: report.k })}</th>
            <th>{t('col_latency')}</th>
            <th>{t('col_run')}</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <RunRow key={`${run.question_id}-${run.mode}`} run={run} onOpen={onOpenRun} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
