import { useTranslation } from 'react-i18next';
import { useCoreText } from '../../app/core-text';
import type { ContextResponse } from '../../../shared/context-contract';
import { floorCutEverything } from '../../../shared/relevance-messages';
import { stageAction } from '../../../shared/stage-actions';

/** Only these two outcomes are answers; `cancelled` is neither, and every other one is a failure (DESIGN.md, "The contract"). */
export const isAnswer = (outcome: ContextResponse['outcome']): boolean => outcome === 'ok' || outcome === 'no_evidence';

/**
 * Whether the run's sentence is the relevance floor's, which the run strip right below shows whole
 * and stressed (RunMeters): the banner then leaves it out rather than say the same twice.
 */
const floorSaysIt = (response: ContextResponse): boolean =>
  response.message_code === 'outcome:no_evidence_floor' && floorCutEverything(response.relevance);

/**
 * Where a run stopped or failed, said as what it was doing ("Failed while following the graph from the
 * hits"); the stage's own name (`graph_expansion`) is folded away for a bug report. A stage without
 * words of its own (a newer build's) is shown by its name, which is all there is.
 */
function StageLine({ stage, ended }: { stage: string; ended: 'failed' | 'cancelled' }) {
  const { t } = useTranslation('workbench');
  const { t: common } = useTranslation();
  const text = useCoreText();
  const said = stageAction(stage);
  const action = said ? text(said.code, said.params, undefined) : undefined;
  if (!action) return <p className="wb-banner-stage">{t(`${ended}_stage`, { stage })}</p>;
  return (
    <div className="wb-banner-stage">
      <p>{t(`${ended}_while`, { action })}</p>
      <details className="error-detail">
        <summary>{common('error_detail')}</summary>
        <code className="mono">{t('stage_detail', { stage })}</code>
      </details>
    </div>
  );
}

/** How the run ended: an answer (with or without evidence), a cancellation with the stage it stopped in, or a failure with its sentence and stage. */
export function OutcomeBanner({ response }: { response: ContextResponse }) {
  const { t } = useTranslation('workbench');
  const message = useCoreText()(response.message_code, response.message_params, response.message);
  const { outcome } = response;
  if (outcome === 'cancelled') {
    return (
      <div className="wb-banner wb-banner-cancelled" role="status" data-testid="outcome-banner" data-outcome={outcome}>
        <strong>{t('outcome_cancelled_title')}</strong>
        <span>{t('cancelled_explained')}</span>
        {response.failed_stage ? <StageLine stage={response.failed_stage} ended="cancelled" /> : null}
      </div>
    );
  }
  if (!isAnswer(outcome)) {
    return (
      <div className="error-box wb-banner" role="alert" data-testid="outcome-banner" data-outcome={outcome}>
        <strong>{t('outcome_failed', { outcome: t(`outcome_${outcome}`), code: outcome })}</strong>
        {message ? <p>{message}</p> : null}
        {response.failed_stage ? <StageLine stage={response.failed_stage} ended="failed" /> : null}
        <p className="hint">{t('failure_not_empty')}</p>
      </div>
    );
  }
  const count = response.items.length;
  return (
    <div className={`wb-banner wb-banner-${outcome}`} role="status" data-testid="outcome-banner" data-outcome={outcome}>
      <strong>{outcome === 'ok' ? t('outcome_ok_title', { count }) : t('outcome_no_evidence_title')}</strong>
      <span>{outcome === 'ok' ? (response.answerable ? t('answerable') : t('not_answerable')) : t('no_evidence_explained')}</span>
      {message && !floorSaysIt(response) ? <p className="muted">{message}</p> : null}
    </div>
  );
}
