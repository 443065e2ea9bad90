import { useTranslation } from 'react-i18next';
import type { SkippedElements } from './graph-elements';
import { MAX_ELEMENTS, totalNotDrawn, type HeldGraph } from './graph-merge';
import { EXPAND_LIMIT } from './use-provenance-view';

/** The count of what is not drawn, always on screen, with where each part comes from. */
export function NotDrawnNotice({ held, skipped }: { held: HeldGraph; skipped: SkippedElements }) {
  const { t } = useTranslation('graph');
  const counted = totalNotDrawn(held.notDrawn);
  const total = { nodes: counted.nodes + skipped.nodes, edges: counted.edges + skipped.edges };
  const amounts = (part: { nodes: number; edges: number }) => ({
    nodes: t('nodes_count', { count: part.nodes }),
    edges: t('edges_count', { count: part.edges }),
  });
  const drawnNodes = held.graph.nodes.length - skipped.nodes;
  const drawnEdges = held.graph.edges.length - skipped.edges;
  const drawn = amounts({ nodes: drawnNodes, edges: drawnEdges });
  const complete = total.nodes + total.edges === 0;
  if (complete) {
    return (
      <div className="graph-not-drawn complete" data-testid="graph-not-drawn" data-nodes={0} data-edges={0} role="status">
        <strong>{t('all_drawn', drawn)}</strong>
      </div>
    );
  }
  return (
    <div className="graph-not-drawn partial" data-testid="graph-not-drawn" data-nodes={total.nodes} data-edges={total.edges} role="status">
      <details>
        <summary>
          <strong>{t('not_drawn', amounts(total))}</strong>
          <span className="muted"> · {t('drawn', { ...drawn, max: MAX_ELEMENTS })}</span>
        </summary>
        <ul>
          {held.notDrawn.map((part, index) => (
            <li key={index}>
              {t(`not_drawn_${part.reason}`, { ...amounts(part), from: part.from ?? '', max: MAX_ELEMENTS, limit: EXPAND_LIMIT })}
            </li>
          ))}
          {skipped.nodes + skipped.edges > 0 ? <li>{t('not_drawn_canvas', amounts(skipped))}</li> : null}
          {held.notDrawn.length > 1 ? <li className="muted">{t('not_drawn_overlap')}</li> : null}
        </ul>
      </details>
    </div>
  );
}
