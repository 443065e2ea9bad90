import { useTranslation } from 'react-i18next';
import type { CompareGraph } from '../../../shared/compare/compare-graph';
import { LEAK_COLOUR, VISIBILITY_CUES, VISIBILITY_ORDER } from '../provenance-graph/visibility-style';
import { visibilityCounts } from './compare-graph-view';

/** The four classes with their cues (colour, border, shape) and counts, and the leak key. */
export function CompareGraphLegend({ view }: { view: CompareGraph }) {
  const { t } = useTranslation('compare');
  const counts = visibilityCounts(view.graph);
  const principals = { a: view.principal_a, b: view.principal_b };
  return (
    <section className="graph-legend panel cmp-graph-legend" data-testid="compare-graph-legend" aria-label={t('graph_legend')}>
      <h3>{t('graph_legend')}</h3>
      <ul className="cmp-graph-keys">
        {VISIBILITY_ORDER.map((seen) => (
          <li key={seen} data-testid="compare-graph-key" data-class={seen} data-count={counts.seen[seen]}>
            <span
              className={`cmp-graph-swatch seen-${seen}`}
              style={{
                borderColor: VISIBILITY_CUES[seen].colour,
                borderStyle: VISIBILITY_CUES[seen].border,
                // The canvas's fill: the class colour at the node's opacity, as a hex alpha.
                backgroundColor: `${VISIBILITY_CUES[seen].colour}${Math.round(VISIBILITY_CUES[seen].fill * 255)
                  .toString(16)
                  .padStart(2, '0')}`,
              }}
              aria-hidden="true"
            />
            <span>
              <strong>{t(`graph_seen_${seen}`, { principal: seen === 'a' || seen === 'b' ? principals[seen] : '' })}</strong>{' '}
              <span className="muted">({counts.seen[seen]})</span>
              <br />
              <span className="muted cmp-graph-cue">{t(`graph_cue_${seen}`)}</span>
            </span>
          </li>
        ))}
        <li data-testid="compare-graph-key" data-class="leak" data-count={counts.leaks}>
          <span className="cmp-graph-swatch leak" style={{ borderColor: LEAK_COLOUR }} aria-hidden="true" />
          <span>
            <strong>{t('graph_leak_key')}</strong> <span className="muted">({counts.leaks})</span>
            <br />
            <span className="muted cmp-graph-cue">{t('graph_leak_cue')}</span>
          </span>
        </li>
      </ul>
    </section>
  );
}
