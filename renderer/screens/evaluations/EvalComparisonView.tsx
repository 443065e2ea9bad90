import { useTranslation } from 'react-i18next';
import type { AggregateDelta, EvalComparison, QuestionDelta } from '../../../shared/eval/eval-compare';
import { METRIC_NAMES, type Metrics } from '../../../shared/eval/eval-report';
import { useModeLabel } from '../../app/ModeOptions';
import { figure } from './EvaluationView';

/** A change as a signed figure (+0.250, −0.500), or a dash. */
const signed = (value: number | undefined) =>
  value === undefined ? '—' : `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(3)}`;

function DeltaCells({
  a,
  b,
  delta,
  regressed,
}: {
  a: Metrics | null;
  b: Metrics | null;
  delta: Metrics | null;
  regressed: readonly string[];
}) {
  return (
    <>
      {METRIC_NAMES.map((name) => (
        <td key={name} className={regressed.includes(name) ? 'eval-bad' : undefined} data-metric={name}>
          {figure(a?.[name])} → {figure(b?.[name])} <span className="muted">({signed(delta?.[name])})</span>
        </td>
      ))}
    </>
  );
}

function RegressionCell({ regression, regressed }: { regression: boolean; regressed: readonly string[] }) {
  const { t } = useTranslation('evaluations');
  return (
    <td className={regression ? 'eval-bad' : undefined} data-testid="eval-regression" data-regression={regression ? 'yes' : 'no'}>
      {regression ? t('regressed_yes', { what: regressed.join(', ') }) : t('regressed_no')}
    </td>
  );
}

function MeanRow({ mean }: { mean: AggregateDelta }) {
  const { t } = useTranslation('evaluations');
  const modeLabel = useModeLabel();
  return (
    <tr data-testid="eval-compare-mean" data-regression={mean.regression ? 'yes' : 'no'}>
      <td>{t('mean_row')}</td>
      <td>
        {modeLabel(mean.mode_a)} → {modeLabel(mean.mode_b)}
      </td>
      <td />
      <DeltaCells a={mean.a} b={mean.b} delta={mean.delta} regressed={mean.regressed} />
      <RegressionCell regression={mean.regression} regressed={mean.regressed} />
    </tr>
  );
}

function QuestionRow({ question }: { question: QuestionDelta }) {
  const { t: word } = useTranslation('evalmsg');
  const modeLabel = useModeLabel();
  return (
    <tr data-testid="eval-compare-row" data-question-id={question.question_id} data-regression={question.regression ? 'yes' : 'no'}>
      <td title={question.question}>{question.question_id}</td>
      <td>
        {modeLabel(question.mode_a)} → {modeLabel(question.mode_b)}
      </td>
      <td className={question.regressed.includes('status') ? 'eval-bad' : undefined}>
        {word(`status_${question.status_a}`)} → {word(`status_${question.status_b}`)}
      </td>
      <DeltaCells a={question.a} b={question.b} delta={question.delta} regressed={question.regressed} />
      <RegressionCell regression={question.regression} regressed={question.regressed} />
    </tr>
  );
}

/** Two evaluations side by side: the means per mode pair, then every paired question, regressions marked. */
export function EvalComparisonView({ comparison }: { comparison: EvalComparison }) {
  const { t } = useTranslation('evaluations');
  const modeLabel = useModeLabel();
  const side = (s: EvalComparison['a']) => `${s.graph_label ?? s.set_name}${s.mode ? ` · ${modeLabel(s.mode)}` : ''}`;
  // Regressions first, so the rows that matter are on top.
  const questions = [...comparison.questions].sort((x, y) => Number(y.regression) - Number(x.regression));
  return (
    <section className="panel eval-comparison" data-testid="eval-comparison" data-regressions={comparison.regressions}>
      <h3>{t('comparison_heading', { a: side(comparison.a), b: side(comparison.b), tolerance: comparison.tolerance })}</h3>
      <p className={comparison.regressions > 0 ? 'eval-bad' : 'muted'} data-testid="eval-compare-count">
        {t('comparison_regressions', { count: comparison.regressions })}
      </p>
      {comparison.unpaired.length > 0 ? <p className="muted">{t('comparison_unpaired', { ids: comparison.unpaired.join(', ') })}</p> : null}
      <table className="eval-table">
        <thead>
          <tr>
            <th>{t('col_question')}</th>
            <th>{t('col_mode')}</th>
            <th>{t('col_status')}</th>
            {METRIC_NAMES.map((name) => (
              <th key={name}>{t('col_delta', { metric: name })}</th>
            ))}
            <th>{t('col_regression')}</th>
          </tr>
        </thead>
        <tbody>
          {comparison.aggregates.map((mean) => (
            <MeanRow key={`${mean.mode_a}-${mean.mode_b}`} mean={mean} />
          ))}
          {questions.map((question) => (
            <QuestionRow key={`${question.question_id}-${question.mode_a}-${question.mode_b}`} question={question} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
