import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GraphNode } from '../../../shared/api/provenance-graph';
import type { CompareGraph } from '../../../shared/compare/compare-graph';
import { refusedBeforeRunning, type Comparison } from '../../../shared/compare/comparison';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { useOperation } from '../../app/use-operation';
import { GraphCanvas } from '../provenance-graph/GraphCanvas';
import { MAX_ELEMENTS } from '../provenance-graph/graph-merge';
import type { VisibilityTexts } from '../provenance-graph/visibility-style';
import { CompareGraphLegend } from './CompareGraphLegend';
import { leakOf, tableOrder } from './compare-graph-view';
import '../provenance-graph/provenance-graph.css';

const NO_EXPANSION = () => undefined;
const NO_DRAWN = () => undefined;

/** What is not drawn: the element cap, and any leak the view does not hold (never silently). */
function DrawnNotice({ view }: { view: CompareGraph }) {
  const { t } = useTranslation('compare');
  const { graph } = view;
  const cut = graph.not_drawn.nodes + graph.not_drawn.edges > 0;
  return (
    <div className="cmp-graph-notes" role="status">
      <p data-testid="compare-graph-drawn" data-nodes={graph.not_drawn.nodes} data-edges={graph.not_drawn.edges}>
        {cut
          ? t('graph_not_drawn', { ...graph.not_drawn, max: MAX_ELEMENTS })
          : t('graph_all_drawn', { nodes: graph.nodes.length, edges: graph.edges.length })}
      </p>
      {view.leaks_not_drawn > 0 ? (
        <p className="cmp-graph-missing-leaks" data-testid="compare-graph-leaks-not-drawn">
          {t('graph_leaks_not_drawn', { count: view.leaks_not_drawn })}
        </p>
      ) : null}
    </div>
  );
}

/** Every node with its class in words, for the keyboard and without colour; choosing one selects it on the canvas. */
function NodeTable({
  nodes,
  selectedId,
  onSelect,
}: {
  nodes: readonly GraphNode[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('compare');
  return (
    <details className="cmp-graph-table">
      <summary>{t('graph_table', { count: nodes.length })}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('graph_col_node')}</th>
            <th scope="col">{t('graph_col_seen')}</th>
            <th scope="col">{t('graph_col_returned')}</th>
          </tr>
        </thead>
        <tbody>
          {tableOrder(nodes).map((node) => {
            const leak = leakOf(node);
            return (
              <tr
                key={node.id}
                data-testid="compare-graph-node"
                data-label={node.label}
                data-key={node.key}
                data-visible-to={node.visible_to}
                data-returned-to={node.returned_to ?? 'none'}
                data-leak={leak ?? undefined}
                aria-selected={node.id === selectedId}
                className={leak ? 'cmp-graph-leak-row' : undefined}
              >
                <td>
                  <button type="button" onClick={() => onSelect(node.id)}>
                    {node.visible_to_principal ? `${node.label} ${node.key}` : t('graph_withheld', { label: node.label })}
                  </button>
                </td>
                <td>
                  {leak ? <strong className="cmp-leak-chip">{t(`graph_node_leak_${leak}`)}</strong> : null}{' '}
                  {t(`graph_node_${node.visible_to ?? 'neither'}`)}
                </td>
                <td>{t(`graph_returned_${node.returned_to ?? 'none'}`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}

/** The comparison's provenance graph, styled by who may see each node (A only, B only, both, neither), leaks standing out. */
export function CompareGraphPanel({ comparison }: { comparison: Comparison }) {
  const { t } = useTranslation('compare');
  // A side refused before it ran as anyone has no principal to judge a node for: no graph is asked for.
  const refused = (['a', 'b'] as const).find((side) => refusedBeforeRunning(comparison[side]));
  if (refused) {
    return (
      <section
        className="provenance-graph panel cmp-graph"
        aria-labelledby="cmp-graph-heading"
        data-testid="compare-graph"
        data-state="not-judged"
      >
        <h3 id="cmp-graph-heading">{t('graph_heading')}</h3>
        <p className="muted" data-testid="compare-graph-not-judged">
          {t('graph_not_judged', { side: refused.toUpperCase(), principal: comparison[refused].principal.principal_id })}
        </p>
      </section>
    );
  }
  return <JudgedGraphPanel comparison={comparison} />;
}

/** The graph of a comparison whose two principals can both be judged. */
function JudgedGraphPanel({ comparison }: { comparison: Comparison }) {
  const { t } = useTranslation('compare');
  const client = useLensClient();
  const view = useOperation(() => client['compare.graph']({ id: comparison.id, max_elements: MAX_ELEMENTS }), [client, comparison.id]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const visibilityTexts = useMemo<VisibilityTexts>(
    () => ({
      visibleTo: { a: t('graph_node_a'), b: t('graph_node_b'), both: t('graph_node_both'), neither: t('graph_node_neither') },
      leakedTo: { a: t('graph_node_leak_a'), b: t('graph_node_leak_b'), both: t('graph_node_leak_both') },
    }),
    [t],
  );
  const noItems = comparison.a.items.length + comparison.b.items.length === 0;
  const state = view.loading ? 'loading' : view.error ? 'error' : 'ready';
  return (
    <section
      className="provenance-graph panel cmp-graph"
      aria-labelledby="cmp-graph-heading"
      data-testid="compare-graph"
      data-state={state}
    >
      <h3 id="cmp-graph-heading">{t('graph_heading')}</h3>
      <p className="muted">{t('graph_intro')}</p>
      {noItems ? <p>{t('graph_no_items')}</p> : null}
      {view.loading ? <p role="status">{t('graph_loading')}</p> : null}
      {view.error ? <ErrorBox error={view.error} onRetry={view.reload} /> : null}
      {view.value && !view.loading && !noItems ? (
        <>
          <DrawnNotice view={view.value} />
          <div className="cmp-graph-body">
            <GraphCanvas
              graph={view.value.graph}
              layout="layered"
              direction="LR"
              selectedId={selectedId}
              onSelect={setSelectedId}
              onExpand={NO_EXPANSION}
              onDrawn={NO_DRAWN}
              visibilityTexts={visibilityTexts}
            />
            <CompareGraphLegend view={view.value} />
          </div>
          <NodeTable nodes={view.value.graph.nodes} selectedId={selectedId} onSelect={setSelectedId} />
        </>
      ) : null}
    </section>
  );
}
