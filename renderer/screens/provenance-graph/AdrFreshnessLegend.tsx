import { useTranslation } from 'react-i18next';
import type { ProvenanceGraph } from '../../../shared/api/provenance-graph';
import type { Freshness } from '../../../shared/context-contract';
import './adr-freshness-legend.css';

const STATES: readonly Freshness['state'][] = ['current', 'stale', 'unknown'];

/** What the ADR outlines and supersession edges mean, with how many of each are drawn; nothing when the view has neither. */
export function AdrFreshnessLegend({ graph }: { graph: ProvenanceGraph }) {
  const { t } = useTranslation('graph');
  const counts = new Map<Freshness['state'], number>();
  for (const node of graph.nodes) if (node.freshness) counts.set(node.freshness.state, (counts.get(node.freshness.state) ?? 0) + 1);
  const supersessions = graph.edges.filter((edge) => edge.partial !== undefined || edge.drift !== undefined).length;
  if (counts.size === 0 && supersessions === 0) return null;
  return (
    <div className="graph-legend-adr" data-testid="graph-legend-adr">
      <p className="graph-legend-caption muted">{t('legend_adr_title')}</p>
      <ul className="graph-legend-keys">
        {STATES.map((state) => (
          <li key={state} data-state={state}>
            <span className={`graph-swatch key-adr-${state}`} aria-hidden="true" />
            <span className="graph-legend-text">
              {t(`legend_adr_${state}`)} <span className="muted">({counts.get(state) ?? 0})</span>
            </span>
          </li>
        ))}
        <li className="muted">{t('legend_adr_decision')}</li>
        <li data-testid="legend-supersession">
          <span className="graph-swatch key-supersession" aria-hidden="true" />
          <span className="graph-legend-text">
            {t('legend_supersession')} <span className="muted">({supersessions})</span>
          </span>
        </li>
        <li>
          <span className="graph-swatch key-supersession-partial" aria-hidden="true" />
          <span className="graph-legend-text">{t('legend_supersession_partial')}</span>
        </li>
        <li>
          <span className="graph-swatch key-supersession-drift" aria-hidden="true" />
          <span className="graph-legend-text">{t('legend_supersession_drift')}</span>
        </li>
      </ul>
    </div>
  );
}
