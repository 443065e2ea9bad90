import { useTranslation } from 'react-i18next';
import type { ContextItem } from '../../../shared/context-contract';

const STAGES = ['vector', 'fulltext', 'entity', 'fused', 'graph'] as const;

/** Score and rank per retrieval stage; a stage the item did not pass through is left out. */
export function ItemScores({ item }: { item: ContextItem }) {
  const { t } = useTranslation('workbench');
  const rows = STAGES.filter((stage) => item.retrieval_scores[stage] !== undefined || item.ranks[stage] !== undefined);
  if (rows.length === 0) return <p className="wb-hint">{t('scores_none')}</p>;
  return (
    <table className="wb-scores">
      <caption className="wb-sr-only">{t('scores_caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('scores_stage')}</th>
          <th scope="col">{t('scores_score')}</th>
          <th scope="col">{t('scores_rank')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((stage) => (
          <tr key={stage}>
            <th scope="row">{t(`score_stage_${stage}`)}</th>
            <td className="mono">{item.retrieval_scores[stage]?.toFixed(4) ?? '—'}</td>
            <td className="mono">{item.ranks[stage] ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
