import { useTranslation } from 'react-i18next';
import { useCoreText } from '../../app/core-text';
import type { ContextResponse } from '../../../shared/context-contract';
import { floorCutEverything } from '../../../shared/relevance-messages';

/** Only these two outcomes are answers; `cancelled` is neither, and every other one is a failure (DESIGN.md, "The contract"). */
export const isAnswer = (outcome: ContextResponse['outcome']): boolean => outcome === 'ok' || outcome === 'no_evidence';

/**
 * Whether the run's sentence is the relevance floor's, which the run strip right below shows whole
 * and stressed (RunMeters): the banner then leaves it out rather than say the same twice.
 */
const floorSaysIt = (response: ContextResponse): boolean =>
  response.message_code === 'outcome:no_evidence_floor' && floorCutEverything(response.relevance);

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
        {response.failed_stage ? <p className="wb-banner-stage">{t('cancelled_stage', { stage: response.failed_stage })}</p> : null}
      </div>
    );
  }
  if (!isAnswer(outcome)) {
    return (
      <div className="error-box wb-banner" role="alert" data-testid="outcome-banner" data-outcome={outcome}>
        <strong>{t('outcome_failed', { outcome: t(`outcome_${outcome}`), code: outcome })}</strong>
        {message ? <p>{message}</p> : null}
        {response.failed_stage ? <p className="wb-banner-stage">{t('failed_stage', { stage: response.failed_stage })}</p> : null}
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
