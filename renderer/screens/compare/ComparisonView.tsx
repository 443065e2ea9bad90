import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, downloadJson } from '../traces/download-json';
import { unansweredSides, type Comparison } from '../../../shared/compare/comparison';
import { leaksKnown } from '../../../shared/compare/leak-csv';
import { useLeakCsvFile } from './leak-csv-wording';
import { CompareColumn } from './CompareColumn';
import { CompareGraphPanel } from './CompareGraphPanel';
import { percent } from './compare-view';
import { LeakBanner } from './LeakBanner';
import { useOutcomeLabel } from './outcome-label';

/** Jaccard, RBO and the sizes of only-A, only-B and both. */
export function OverlapPanel({ comparison }: { comparison: Comparison }) {
  const { t } = useTranslation('compare');
  const outcomeLabel = useOutcomeLabel();
  const { overlap, only_a: onlyA, only_b: onlyB, both } = comparison.diff;
  const unanswered = unansweredSides(comparison);
  if (unanswered.length > 0) {
    // A run without an answer has nothing to overlap: a 0 % here would read as two different answers.
    const [side] = unanswered;
    const other = side === 'a' ? 'B' : 'A';
    return (
      <section className="panel cmp-overlap" aria-label={t('overlap_heading')} data-testid="overlap">
        <h3>{t('overlap_heading')}</h3>
        <p className="muted" data-testid="overlap-not-compared">
          {unanswered.length === 2
            ? t('not_compared_both', { a: outcomeLabel(comparison.a.outcome), b: outcomeLabel(comparison.b.outcome) })
            : t('not_compared_one', {
                side: side === 'a' ? 'A' : 'B',
                other,
                outcome: outcomeLabel(comparison[side as 'a' | 'b'].outcome),
              })}
        </p>
      </section>
    );
  }
  const figures: [string, string, string][] = [
    [t('jaccard'), percent(overlap.jaccard), 'jaccard'],
    [t('rbo', { p: overlap.rbo_p }), percent(overlap.rbo), 'rbo'],
    [t('only_a_count'), String(onlyA.length), 'only-a'],
    [t('only_b_count'), String(onlyB.length), 'only-b'],
    [t('both_count'), String(both.length), 'both'],
  ];
  return (
    <section className="panel cmp-overlap" aria-label={t('overlap_heading')} data-testid="overlap">
      <h3>{t('overlap_heading')}</h3>
      <dl>
        {figures.map(([label, value, id]) => (
          <div key={id} className="cmp-figure">
            <dt>{label}</dt>
            <dd className="mono" data-testid={`overlap-${id}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Saves the comparison as it is kept (leaks, overlap, both runs) to a JSON file, or its leaks as CSV,
 * and says where it went. Leaks that are unknown (a failed check, a run without an answer) have no
 * CSV: a header alone would read as "no leaks".
 */
export function ExportComparison({ comparison }: { comparison: Comparison }) {
  const { t } = useTranslation('compare');
  const leakCsvFile = useLeakCsvFile();
  const [saved, setSaved] = useState<string | null>(null);
  // Another comparison shown: what was said of the last one's file no longer applies.
  useEffect(() => setSaved(null), [comparison.id]);
  const leakCount = comparison.leak_check.state === 'checked' ? comparison.leak_check.leaks.length : 0;
  return (
    <div className="cmp-export">
      <button
        type="button"
        title={t('export_comparison_title')}
        onClick={() => {
          const file = `provenance-lens-comparison-${comparison.id}.json`;
          downloadJson(file, comparison);
          setSaved(t('exported_comparison', { file }));
        }}
        data-testid="compare-export"
      >
        {t('export_comparison')}
      </button>
      {leaksKnown(comparison) ? (
        <button
          type="button"
          title={t('export_leaks_csv_title')}
          onClick={() => {
            const file = `provenance-lens-leaks-${comparison.id}.csv`;
            downloadFile(file, leakCsvFile(comparison), 'text/csv;charset=utf-8');
            setSaved(t('exported_leaks_csv', { count: leakCount, file }));
          }}
          data-testid="compare-export-csv"
        >
          {t('export_leaks_csv')}
        </button>
      ) : null}
      <span className="muted" role="status" data-testid="compare-export-status">
        {saved ?? ''}
      </span>
    </div>
  );
}

/** A comparison as it was kept: the leak banner first, the overlap figures, both runs side by side, then their provenance graph. */
export function ComparisonView({ comparison }: { comparison: Comparison }) {
  return (
    <div className="cmp-result" data-testid="comparison" data-comparison-id={comparison.id}>
      <LeakBanner comparison={comparison} />
      <ExportComparison comparison={comparison} />
      <OverlapPanel comparison={comparison} />
      <div className="cmp-columns">
        <CompareColumn comparison={comparison} side="a" />
        <CompareColumn comparison={comparison} side="b" />
      </div>
      <CompareGraphPanel comparison={comparison} />
    </div>
  );
}
