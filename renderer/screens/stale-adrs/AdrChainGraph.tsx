import cytoscape from 'cytoscape';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdrEntry } from '../../../shared/adr-marks';
import { registerExtensions } from '../provenance-graph/build-provenance-cytoscape';
import { readGraphPalette } from '../provenance-graph/graph-palette';
import { toChainElements, type ChainTexts } from './adr-chain-elements';
import { buildChainStylesheet } from './adr-chain-style';

/** The supersession chains of the shown ADRs; a tap on a node selects that ADR in the list. */
export function AdrChainGraph({
  shown,
  all,
  onSelect,
}: {
  shown: readonly AdrEntry[];
  all: readonly AdrEntry[];
  onSelect: (documentId: string) => void;
}) {
  const { t } = useTranslation('adrs');
  const { t: badge } = useTranslation('workbench');
  const container = useRef<HTMLDivElement>(null);
  const texts: ChainTexts = {
    freshness: { current: badge('freshness_current'), stale: badge('freshness_stale'), unknown: badge('freshness_unknown') },
    link: { superseded: t('edge_superseded'), partial: t('edge_partial'), drift: t('edge_drift'), marked: t('edge_marked') },
  };
  const elements = toChainElements(shown, all, texts);
  const nodes = elements.filter((element) => element.group === 'nodes').length;
  const edges = elements.length - nodes;
  // The elements are rebuilt on every render; the canvas is redrawn only when what they say changes.
  const key = JSON.stringify(elements);
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    const element = container.current;
    if (!element || nodes === 0) return undefined;
    registerExtensions();
    const cy = cytoscape({
      container: element,
      elements: JSON.parse(key) as typeof elements,
      style: buildChainStylesheet(readGraphPalette(element)),
      // Successors above the records they replace, one chain beside the next; never zoomed past life size.
      layout: { name: 'dagre', rankDir: 'TB', nodeSep: 24, rankSep: 56, padding: 16 } as cytoscape.LayoutOptions,
      minZoom: 0.2,
      maxZoom: 1,
      boxSelectionEnabled: false,
      selectionType: 'single',
    });
    cy.on('tap', 'node', (event) => select.current(event.target.id() as string));
    const resize = new ResizeObserver(() => cy.resize());
    resize.observe(element);
    return () => {
      resize.disconnect();
      cy.destroy();
    };
  }, [key, nodes]);

  return (
    <section className="panel adr-chains" aria-labelledby="adr-chains-title">
      <h3 id="adr-chains-title">{t('chains_title')}</h3>
      <p className="muted">{t('chains_intro')}</p>
      {nodes === 0 ? (
        <p className="muted" data-testid="adr-chains-none">
          {t('chains_none')}
        </p>
      ) : (
        <div
          ref={container}
          className="adr-chains-canvas"
          data-testid="adr-chains"
          data-nodes={nodes}
          data-edges={edges}
          role="img"
          aria-label={t('chains_label', { nodes, edges })}
        />
      )}
    </section>
  );
}
