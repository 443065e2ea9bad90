import { useTranslation } from 'react-i18next';
import type { GraphLayer, ProvenanceGraph } from '../../../shared/api/provenance-graph';
import { AdrFreshnessLegend } from './AdrFreshnessLegend';
import { LABEL_FLOOR_PX } from './graph-labels';
import { layerIndex } from './graph-layers';
import { colourSlotOf } from './graph-palette';

/** The labels drawn, with their colours and counts, and what the outlines mean. */
export function GraphLegend({ graph }: { graph: ProvenanceGraph }) {
  const { t } = useTranslation('graph');
  const labels = new Map<string, { layer: GraphLayer; count: number }>();
  for (const node of graph.nodes) {
    const entry = labels.get(node.label);
    if (entry) entry.count += 1;
    else labels.set(node.label, { layer: node.layer, count: 1 });
  }
  const ordered = [...labels.entries()].sort(([a, x], [b, y]) => layerIndex(x.layer) - layerIndex(y.layer) || a.localeCompare(b));
  return (
    <section className="graph-legend panel" data-testid="graph-legend" aria-label={t('legend_title')}>
      <h3>{t('legend_title')}</h3>
      <p className="graph-legend-caption muted" data-testid="graph-legend-labels-hint">
        {t('legend_labels_hint', { px: LABEL_FLOOR_PX })}
      </p>
      <p className="graph-legend-caption muted">{t('legend_labels')}</p>
      <ul>
        {ordered.map(([label, { layer, count }]) => (
          <li key={label} data-label={label}>
            <span className={`graph-swatch slot-${colourSlotOf(label, layer)}`} aria-hidden="true" />
            <span className="graph-legend-text">
              {label} <span className="muted">({count})</span>
            </span>
          </li>
        ))}
      </ul>
      <ul className="graph-legend-keys">
        <li>
          <span className="graph-swatch key-path" aria-hidden="true" />
          <span className="graph-legend-text">{t('legend_path')}</span>
        </li>
        <li>
          <span className="graph-swatch key-reached" aria-hidden="true" />
          <span className="graph-legend-text">{t('legend_reached')}</span>
        </li>
        <li>
          <span className="graph-swatch key-hidden" aria-hidden="true" />
          <span className="graph-legend-text">{t('legend_hidden', { principal: graph.principal_id })}</span>
        </li>
      </ul>
      <AdrFreshnessLegend graph={graph} />
    </section>
  );
}
