import { useTranslation } from 'react-i18next';
import { StageNote } from '../../app/core-text';
import type { StageRecord } from '../../../shared/context-contract';
import { formatNumber } from './MeterBar';

/** Every stage in order: strategy, candidates in → out, how access was enforced, and its share of the time. */
export function StageTimeline({ stages, elapsedMs, partial }: { stages: readonly StageRecord[]; elapsedMs: number; partial: boolean }) {
  const { t } = useTranslation('workbench');
  const scale = Math.max(elapsedMs, ...stages.map((stage) => stage.duration_ms), 1);
  return (
    <section className="panel wb-timeline" aria-labelledby="wb-timeline-heading" data-testid="stage-timeline">
      <h2 id="wb-timeline-heading">{t('timeline_heading')}</h2>
      {stages.length === 0 ? (
        <p className="muted">{t(partial ? 'timeline_none_partial' : 'timeline_none')}</p>
      ) : (
        <table className="wb-table wb-stage-table">
          <thead>
            <tr>
              <th scope="col">{t('stage_name')}</th>
              <th scope="col">{t('stage_strategy')}</th>
              <th scope="col" className="wb-num">
                {t('stage_candidates')}
              </th>
              <th scope="col">{t('stage_acl')}</th>
              <th scope="col" className="wb-stage-duration-col">
                {t('stage_duration')}
              </th>
            </tr>
          </thead>
          <tbody>
            {stages.map((stage, index) => (
              <tr key={`${stage.name}:${index}`} data-testid="stage-row" data-stage={stage.name}>
                <th scope="row" className="mono">
                  {stage.name}
                  <StageNote stage={stage} />
                </th>
                <td className="mono wb-break">{stage.strategy}</td>
                <td className="mono wb-num">{t('stage_in_out', { in: stage.candidates_in, out: stage.candidates_out })}</td>
                <td>
                  <span className={`wb-acl wb-acl-${stage.acl}`} title={t(`acl_${stage.acl}_hint`)}>
                    {t(`acl_${stage.acl}`)}
                  </span>
                </td>
                <td>
                  <div className="wb-duration">
                    <div
                      className="wb-duration-bar"
                      aria-hidden="true"
                      style={{ width: `${Math.max(0.5, (stage.duration_ms / scale) * 100)}%` }}
                    />
                    <span className="mono">{t('stage_duration_value', { ms: formatNumber(stage.duration_ms) })}</span>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
