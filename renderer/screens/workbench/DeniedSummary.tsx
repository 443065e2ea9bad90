import { useTranslation } from 'react-i18next';
import type { DeniedCount } from '../../../shared/context-contract';

/** What access control withheld, by stage and reason: counts only, never the withheld content. */
export function DeniedSummary({ denied, partial }: { denied: readonly DeniedCount[]; partial: boolean }) {
  const { t } = useTranslation('workbench');
  const total = denied.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <section className="panel wb-denied" aria-labelledby="wb-denied-heading" data-testid="denied-summary" data-total={total}>
      <h2 id="wb-denied-heading">{t('denied_heading')}</h2>
      {denied.length === 0 ? (
        <p className="muted">{t(partial ? 'denied_none_partial' : 'denied_none')}</p>
      ) : (
        <>
          <p>{t('denied_total', { count: total })}</p>
          <table className="wb-table">
            <thead>
              <tr>
                <th scope="col">{t('denied_stage')}</th>
                <th scope="col">{t('denied_reason')}</th>
                <th scope="col" className="wb-num">
                  {t('denied_count')}
                </th>
              </tr>
            </thead>
            <tbody>
              {denied.map((entry) => (
                <tr key={`${entry.stage}:${entry.reason}`}>
                  <td className="mono">{entry.stage}</td>
                  <td>{entry.reason}</td>
                  <td className="mono wb-num">{entry.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p className="wb-hint">{t('denied_counts_only')}</p>
    </section>
  );
}
