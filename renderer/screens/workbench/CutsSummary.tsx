import { useTranslation } from 'react-i18next';
import type { CutRecord } from '../../../shared/context-contract';
import { appendTo } from '../../../shared/map-list';
import { useCoreText } from '../../app/core-text';

/** What packing and freshness removed, grouped by why; each group lists its chunks. */
export function CutsSummary({ cuts, partial }: { cuts: readonly CutRecord[]; partial: boolean }) {
  const { t } = useTranslation('workbench');
  // The detail's code in the UI's language; a run recorded before codes keeps its English detail.
  const text = useCoreText();
  const groups = new Map<CutRecord['reason'], CutRecord[]>();
  // Each group grows in place: a run that cut thousands of chunks for one reason copied its list on every add.
  for (const cut of cuts) appendTo(groups, cut.reason, cut);
  return (
    <section className="panel wb-cuts" aria-labelledby="wb-cuts-heading" data-testid="cuts-summary">
      <h2 id="wb-cuts-heading">{t('cuts_heading')}</h2>
      {cuts.length === 0 ? <p className="muted">{t(partial ? 'cuts_none_partial' : 'cuts_none')}</p> : null}
      {[...groups].map(([reason, entries]) => {
        const tokens = entries.reduce((sum, entry) => sum + (entry.tokens ?? 0), 0);
        return (
          <details key={reason} className="wb-cut-group" data-reason={reason}>
            <summary>
              <strong>{t(`cut_${reason}`)}</strong> <span className="badge unknown">{entries.length}</span>
              {tokens > 0 ? <span className="muted"> {t('cut_tokens', { count: tokens })}</span> : null}
            </summary>
            <ul>
              {entries.map((entry, index) => {
                const detail = text(entry.detail_code, entry.detail_params, entry.detail);
                return (
                  <li key={`${entry.chunk_id}:${index}`}>
                    <span className="mono">{entry.chunk_id}</span>
                    {entry.tokens !== undefined ? <span className="muted"> · {t('tokens', { count: entry.tokens })}</span> : null}
                    {detail ? <span className="muted"> — {detail}</span> : null}
                  </li>
                );
              })}
            </ul>
          </details>
        );
      })}
    </section>
  );
}
