import { useTranslation } from 'react-i18next';
import type { ContextResponse } from '../../../shared/context-contract';
import { MeterBar } from './MeterBar';

/** The query embedder (labelled lexical when it is), the token budget and the deadline. */
export function RunMeters({ response }: { response: ContextResponse }) {
  const { t } = useTranslation('workbench');
  const { limits, embedder } = response;
  return (
    <div className="panel wb-meters">
      <MeterBar label={t('budget_label')} value={limits.used_tokens} max={limits.max_tokens} unit={t('unit_tokens')} testId="budget-bar" />
      <MeterBar label={t('deadline_label')} value={limits.elapsed_ms} max={limits.timeout_ms} unit={t('unit_ms')} testId="deadline-bar" />
      <div className="wb-embedder" data-testid="embedder-label" data-kind={embedder?.kind ?? 'none'}>
        <span className="muted">{t('embedder_label')}</span>{' '}
        {embedder ? (
          <>
            <span className="mono">{embedder.name}</span>{' '}
            <span className={`badge wb-kind-${embedder.kind}`}>{t(`embedder_kind_${embedder.kind}`)}</span>{' '}
            {embedder.dimensions !== undefined ? (
              <span className="muted">{t('embedder_dimensions', { dims: embedder.dimensions })}</span>
            ) : null}
            {embedder.kind === 'lexical' ? <p className="wb-hint">{t('embedder_lexical_note')}</p> : null}
          </>
        ) : (
          <span className="muted">{t('embedder_none')}</span>
        )}
      </div>
    </div>
  );
}
