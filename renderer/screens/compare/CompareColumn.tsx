import { useTranslation } from 'react-i18next';
import { useCoreText } from '../../app/core-text';
import { answered, type Comparison, type CompareSide } from '../../../shared/compare/comparison';
import { AccessVerdict } from './AccessClauses';
import { columnRows, type ColumnRow } from './compare-view';
import { useOutcomeLabel } from './outcome-label';

const SIDE_NAME: Record<CompareSide, 'A' | 'B'> = { a: 'A', b: 'B' };

/** Where the other run ranks the item, or that only this run returned it. */
function DiffChip({ row, side, otherAnswered }: { row: ColumnRow; side: CompareSide; otherAnswered: boolean }) {
  const { t } = useTranslation('compare');
  const other = SIDE_NAME[side === 'a' ? 'b' : 'a'];
  // Against a run that gave no answer, "only here" would read as what the other was kept from.
  if (!otherAnswered)
    return (
      <span className="cmp-chip" data-testid="diff-chip" data-diff="not_compared">
        {t('other_no_answer', { other })}
      </span>
    );
  if (row.otherRank === null)
    return (
      <span className={`cmp-chip cmp-only-${side}`} data-testid="diff-chip" data-diff={`only_${side}`}>
        {t('only_here', { side: SIDE_NAME[side] })}
      </span>
    );
  const move = row.rankMove ?? 0;
  const key = move > 0 ? 'other_rank_lower' : move < 0 ? 'other_rank_higher' : 'other_rank_same';
  return (
    <span className="cmp-chip cmp-both" data-testid="diff-chip" data-diff="both" data-rank-move={move}>
      {t('in_both')} · {t(key, { other, rank: row.otherRank, places: Math.abs(move) })}
    </span>
  );
}

/** One item of a column, highlighted by where it stands in the diff, with why A and why B may or may not see it. */
function ColumnItem({ row, side, comparison }: { row: ColumnRow; side: CompareSide; comparison: Comparison }) {
  const { t } = useTranslation('compare');
  const leaked = row.leaks.length > 0;
  const diff = row.otherRank === null ? `only-${side}` : 'both';
  return (
    <li
      className={`cmp-item cmp-item-${diff}${leaked ? ' cmp-item-leak' : ''}`}
      data-testid="compare-item"
      data-key={row.key}
      data-document-id={row.item.document_id}
      data-diff={row.otherRank === null ? `only_${side}` : 'both'}
    >
      <div className="cmp-item-head">
        <span className="cmp-rank">#{row.rank}</span>
        <h4>{row.item.title ?? row.item.document_id}</h4>
        <DiffChip row={row} side={side} otherAnswered={answered(comparison[side === 'a' ? 'b' : 'a'])} />
        {leaked ? <span className="cmp-chip cmp-leak-chip">{t('leak_chip')}</span> : null}
      </div>
      <p className="mono muted cmp-key">
        {row.key} · {row.item.document_id}
      </p>
      <div className="cmp-why">
        <span className="cmp-why-heading">{t('why_heading')}</span>
        {row.access ? (
          <>
            <AccessVerdict access={row.access.a} side="A" principal={comparison.a.principal} />
            <AccessVerdict access={row.access.b} side="B" principal={comparison.b.principal} />
          </>
        ) : (
          <p className="muted">{t('why_unknown')}</p>
        )}
      </div>
    </li>
  );
}

/** One run of the comparison: its principal and outcome, then its items with the diff highlighted. */
export function CompareColumn({ comparison, side }: { comparison: Comparison; side: CompareSide }) {
  const { t } = useTranslation('compare');
  const run = comparison[side];
  const rows = columnRows(comparison, side);
  const failed = !answered(run);
  const text = useCoreText();
  const outcomeLabel = useOutcomeLabel();
  // The run's sentence in the UI's language from its code; a comparison kept before codes shows its English.
  const message = run.message ? (text(run.message_code, run.message_params, run.message) ?? run.message) : null;
  return (
    <section
      className="panel cmp-column"
      data-testid={`compare-column-${side}`}
      aria-label={t('column_heading', { side: SIDE_NAME[side], principal: run.principal.principal_id })}
    >
      <h3>{t('column_heading', { side: SIDE_NAME[side], principal: run.principal.principal_id })}</h3>
      <p className="muted">{t('column_meta', { outcome: outcomeLabel(run.outcome), count: run.items.length, trace: run.trace_id })}</p>
      {failed ? (
        <div className="error-box" role="alert" data-outcome={run.outcome}>
          <strong>{t('run_failed', { outcome: outcomeLabel(run.outcome) })}</strong>
          {message ? <p data-testid="run-message">{message}</p> : null}
        </div>
      ) : null}
      {rows.length === 0 ? <p className="muted">{t('column_empty')}</p> : null}
      <ol className="cmp-items">
        {rows.map((row) => (
          <ColumnItem key={`${row.key}-${row.rank}`} row={row} side={side} comparison={comparison} />
        ))}
      </ol>
    </section>
  );
}
