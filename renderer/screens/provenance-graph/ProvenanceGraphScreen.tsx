import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState, type RunView } from '../../app/app-state';
import { ErrorBox } from '../../app/error-box';
import { GraphCanvas, type DrawnCanvas } from './GraphCanvas';
import type { GraphDirection, GraphLayoutMode } from './graph-layout-mode';
import { GraphFind } from './GraphFind';
import { GraphLegend } from './GraphLegend';
import { GraphToolbar } from './GraphToolbar';
import { ItemPicker } from './ItemPicker';
import { NotDrawnNotice } from './NotDrawnNotice';
import { PropertiesPanel } from './PropertiesPanel';
import { useGraphExport } from './use-graph-export';
import { useNodeWords, useProvenanceView } from './use-provenance-view';
import './provenance-graph.css';

const NOTHING_SKIPPED = { nodes: 0, edges: 0 };

/** The provenance-graph screen: the paths of the run's selected items, laid out in layers. */
export function ProvenanceGraphScreen() {
  const { t } = useTranslation('graph');
  const { run, setScreen } = useAppState();
  if (!run) {
    return (
      <section className="provenance-graph">
        <div className="panel graph-empty" data-testid="graph-no-run">
          <h2>{t('no_run_title')}</h2>
          <p>{t('no_run_body')}</p>
          <button type="button" className="primary" onClick={() => setScreen('workbench')}>
            {t('open_workbench')}
          </button>
        </div>
      </section>
    );
  }
  return <ProvenanceGraphView run={run} />;
}

function ProvenanceGraphView({ run }: { run: RunView }) {
  const { t } = useTranslation('graph');
  const { selectedItems, setSelectedItems } = useAppState();
  const items = run.response.items;
  const view = useProvenanceView(run.traceId, selectedItems);
  const [layout, setLayout] = useState<GraphLayoutMode>('layered');
  const [direction, setDirection] = useState<GraphDirection>('LR');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [drawn, setDrawn] = useState<DrawnCanvas | null>(null);
  const section = useRef<HTMLElement>(null);

  const graph = view.held?.graph ?? null;
  const last = view.lastExpansion;
  const nodeName = useNodeWords();
  const flash = useMemo(() => (last && last.added === 0 ? { id: last.node.id, serial: last.serial } : null), [last]);
  const expansionStatus = last
    ? last.added === 0
      ? t('expand_nothing_new', { node: nodeName(last.node) })
      : t('expand_added', { count: last.added, node: nodeName(last.node) })
    : '';
  const selectedNode = graph?.nodes.find((node) => node.id === selectedId) ?? null;
  const { expand } = view;
  const expandById = useCallback(
    (nodeId: string) => {
      const node = graph?.nodes.find((entry) => entry.id === nodeId);
      if (!node) return;
      setSelectedId(nodeId);
      expand(node);
    },
    [graph, expand],
  );

  const exports = useGraphExport(run, graph, drawn, section.current);

  return (
    <section className="provenance-graph" ref={section}>
      <header className="graph-header">
        <h2>{t('title')}</h2>
        <span className="muted">{t('seen_as', { principal: graph?.principal_id ?? run.principal.principal_id })}</span>
      </header>
      {items.length === 0 ? (
        <p className="panel">{t('no_items')}</p>
      ) : (
        <div className="graph-layout">
          <ItemPicker items={items} selected={selectedItems} onChange={setSelectedItems} />
          <div className="graph-main">
            <GraphToolbar
              layout={layout}
              direction={direction}
              onLayout={setLayout}
              onDirection={setDirection}
              ready={drawn !== null}
              onFit={() => drawn?.cy.fit(undefined, 30)}
              onExport={exports.exportAs}
            />
            {exports.error ? <ErrorBox error={exports.error} /> : null}
            <p
              className="graph-expand-status muted"
              role="status"
              aria-live="polite"
              data-testid="graph-expand-status"
              data-serial={last?.serial ?? 0}
              data-added={last?.added ?? ''}
            >
              {expansionStatus}
            </p>
            {selectedItems.length === 0 ? <p className="panel">{t('picker_none')}</p> : null}
            {view.loading ? (
              <p className="panel" role="status">
                {t('loading')}
              </p>
            ) : null}
            {view.loadError ? <ErrorBox error={view.loadError} onRetry={view.reload} /> : null}
            {view.held && graph ? (
              <>
                <NotDrawnNotice held={view.held} skipped={drawn?.skipped ?? NOTHING_SKIPPED} />
                <div className="graph-body">
                  <GraphCanvas
                    graph={graph}
                    grownFrom={view.lastExpansion?.node.id ?? null}
                    flash={flash}
                    layout={layout}
                    direction={direction}
                    selectedId={selectedId}
                    onSelect={setSelectedId}
                    onExpand={expandById}
                    onDrawn={setDrawn}
                  />
                  <aside className="graph-side">
                    {/* In the side panel, not above the canvas: a row there pushed the canvas below the fold at 1024×700. */}
                    <GraphFind nodes={graph.nodes} onSelect={setSelectedId} />
                    <GraphLegend graph={graph} />
                    <PropertiesPanel
                      nodes={graph.nodes}
                      node={selectedNode}
                      principalId={graph.principal_id}
                      onSelect={setSelectedId}
                      onExpand={expand}
                      expanding={view.expanding !== null}
                      expandError={view.expandError}
                    />
                  </aside>
                </div>
              </>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
