import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvalComparison } from '../../../shared/eval/eval-compare';
import type { EvalReport, EvalSummary } from '../../../shared/eval/eval-report';
import { EvalMode } from '../../../shared/eval/golden-set';
import { storedRunView, useAppState } from '../../app/app-state';
import { ErrorBox } from '../../app/error-box';
import { useModeLabel } from '../../app/ModeOptions';
import { formatRunTime } from '../../app/time-format';
import { focusOnNextScreen, STORED_RUN_TARGET } from '../../app/focus-target';
import { useLensClient } from '../../app/lens-client-context';
import { useOperation, type OperationState } from '../../app/use-operation';
import { EvalComparisonView } from './EvalComparisonView';
import { EvalRunPanel } from './EvalRunPanel';
import { EvaluationView } from './EvaluationView';
import { useEvalRun } from './use-eval-run';
import './evaluations.css';

/** The stored evaluations, newest first, each with its counts (findings apart from leaks and failures) and Open. */
export function StoredList({ stored, onOpen }: { stored: OperationState<EvalSummary[]>; onOpen: (id: string) => void }) {
  const { t } = useTranslation('evaluations');
  const modeLabel = useModeLabel();
  const list = stored.value ?? [];
  return (
    <section className="panel" aria-label={t('stored_heading')}>
      <h3>{t('stored_heading')}</h3>
      {stored.error ? <ErrorBox error={stored.error} onRetry={stored.reload} /> : null}
      {list.length === 0 && !stored.loading ? <p className="muted">{t('stored_none')}</p> : null}
      <ul>
        {list.map((entry) => (
          <li key={entry.id} data-testid="eval-stored" data-evaluation-id={entry.id}>
            {t('stored_row', {
              time: formatRunTime(entry.created_at),
              name: entry.set_name,
              label: entry.graph_label ? ` (${entry.graph_label})` : '',
              modes: entry.modes.map(modeLabel).join(', '),
              questions: entry.questions,
              runs: entry.runs,
              violations: entry.violations,
              failed: entry.failed,
            })}
            {entry.findings > 0 ? ` · ${t('findings_count', { count: entry.findings })}` : null}
            {entry.unchecked > 0 ? ` · ${t('unchecked_count', { count: entry.unchecked })}` : null}{' '}
            <button type="button" onClick={() => onOpen(entry.id)} data-testid="eval-stored-open">
              {t('open')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The pick of two evaluations (and optionally one mode of each) to compare. */
function ComparePanel({
  list,
  onCompare,
}: {
  list: readonly EvalSummary[];
  onCompare: (a: string, b: string, modeA: string, modeB: string) => void;
}) {
  const { t } = useTranslation('evaluations');
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const [modeA, setModeA] = useState('');
  const [modeB, setModeB] = useState('');
  const modeLabel = useModeLabel();
  const evaluations = (value: string, set: (id: string) => void, testId: string) => (
    <select value={value} onChange={(event) => set(event.target.value)} data-testid={testId}>
      <option value="">—</option>
      {list.map((entry) => (
        <option key={entry.id} value={entry.id}>
          {`${formatRunTime(entry.created_at)} · ${entry.set_name}${entry.graph_label ? ` (${entry.graph_label})` : ''} · ${entry.modes.map(modeLabel).join(', ')}`}
        </option>
      ))}
    </select>
  );
  const modes = (value: string, set: (mode: string) => void, testId: string) => (
    <select value={value} onChange={(event) => set(event.target.value)} data-testid={testId}>
      <option value="">{t('compare_all_modes')}</option>
      {EvalMode.options.map((mode) => (
        <option key={mode} value={mode}>
          {modeLabel(mode)}
        </option>
      ))}
    </select>
  );
  return (
    <section className="panel eval-compare-form" aria-label={t('compare_heading')}>
      <h3>{t('compare_heading')}</h3>
      <label>
        {t('compare_a')} {evaluations(a, setA, 'eval-compare-a')}
      </label>{' '}
      <label>
        {t('compare_mode_a')} {modes(modeA, setModeA, 'eval-compare-mode-a')}
      </label>
      <br />
      <label>
        {t('compare_b')} {evaluations(b, setB, 'eval-compare-b')}
      </label>{' '}
      <label>
        {t('compare_mode_b')} {modes(modeB, setModeB, 'eval-compare-mode-b')}
      </label>
      <br />
      <button type="button" disabled={a === '' || b === ''} onClick={() => onCompare(a, b, modeA, modeB)} data-testid="eval-compare-button">
        {t('compare_button')}
      </button>
      {a === '' || b === '' ? <span className="muted"> {t('compare_pick')}</span> : null}
    </section>
  );
}

/** Evaluations: run a golden set, reopen stored evaluations with their tables, drill down to a run, compare two. */
export function EvaluationsScreen() {
  const { t } = useTranslation('evaluations');
  const client = useLensClient();
  const { setRun, setScreen } = useAppState();
  const stored = useOperation(async () => (await client['eval.list']({})).evaluations, [client]);
  const [report, setReport] = useState<EvalReport | null>(null);
  const [comparison, setComparison] = useState<EvalComparison | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [openError, setOpenError] = useState<unknown>(null);

  const open = useCallback(
    (id: string) => {
      setError(null);
      client['eval.get']({ id }).then(setReport, setError);
    },
    [client],
  );
  const run = useEvalRun(
    useCallback(
      (id: string) => {
        stored.reload();
        open(id);
      },
      [stored, open],
    ),
  );
  const compare = (a: string, b: string, modeA: string, modeB: string) => {
    setError(null);
    const input = { a, b, ...(modeA ? { mode_a: modeA as EvalMode } : {}), ...(modeB ? { mode_b: modeB as EvalMode } : {}) };
    client['eval.compare'](input).then(setComparison, setError);
  };
  // Drill-down: the stored run opens in the Workbench exactly as it was recorded, as Traces opens it.
  const openRun = (traceId: string) => {
    setOpenError(null);
    client['traces.get']({ trace_id: traceId }).then((record) => {
      setRun(storedRunView(record));
      focusOnNextScreen(STORED_RUN_TARGET);
      setScreen('workbench');
    }, setOpenError);
  };

  return (
    <div className="screen evaluations-screen" data-testid="evaluations-screen">
      <h2>{t('heading')}</h2>
      <p className="muted">{t('intro')}</p>
      <div className="eval-top">
        <EvalRunPanel run={run} />
        <StoredList stored={stored} onOpen={open} />
        <ComparePanel list={stored.value ?? []} onCompare={compare} />
      </div>
      {error ? <ErrorBox error={error} /> : null}
      {comparison ? <EvalComparisonView comparison={comparison} /> : null}
      {report ? <EvaluationView report={report} onOpenRun={openRun} openError={openError} /> : null}
    </div>
  );
}
