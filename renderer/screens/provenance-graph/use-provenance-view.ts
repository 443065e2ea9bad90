import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GraphNode } from '../../../shared/api/provenance-graph';
import { useLensClient } from '../../app/lens-client-context';
import { holdProvenance, MAX_ELEMENTS, mergeExpansion, type HeldGraph } from './graph-merge';

/** How many neighbours one expansion asks for. */
export const EXPAND_LIMIT = 25;

/** The provenance view of a run's selected items, and bounded expansion of its nodes. */
export interface ProvenanceView {
  readonly held: HeldGraph | null;
  readonly loading: boolean;
  readonly loadError: unknown;
  readonly reload: () => void;
  /** The id of the node being expanded, if any. */
  readonly expanding: string | null;
  readonly expandError: unknown;
  readonly expand: (node: GraphNode) => void;
  /** The latest expansion that answered: its node, and how many nodes it added to the view (0: nothing new). */
  readonly lastExpansion: LastExpansion | null;
}

/** One answered expansion; `serial` tells two expansions of the same node apart. */
export interface LastExpansion {
  readonly node: GraphNode;
  readonly added: number;
  readonly serial: number;
}

/** Loads the paths of `itemIndexes` of the run `traceId` (nothing when either is missing) and merges expansions into them. */
export function useProvenanceView(traceId: string | null, itemIndexes: readonly number[]): ProvenanceView {
  const client = useLensClient();
  const [held, setHeld] = useState<HeldGraph | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [expanding, setExpanding] = useState<string | null>(null);
  const [expandError, setExpandError] = useState<unknown>(null);
  const [lastExpansion, setLastExpansion] = useState<LastExpansion | null>(null);
  // The view as last set, so an expansion's answer is merged into it and its growth counted in one place.
  const heldNow = useRef<HeldGraph | null>(null);
  const serial = useRef(0);
  // Answers for an earlier selection are dropped: only the latest load (and its expansions) apply.
  const generation = useRef(0);
  const indexKey = [...new Set(itemIndexes)].sort((a, b) => a - b).join(',');

  const reload = useCallback(() => {
    const mine = ++generation.current;
    heldNow.current = null;
    setHeld(null);
    setLastExpansion(null);
    setLoadError(null);
    setExpandError(null);
    setExpanding(null);
    const indexes = indexKey === '' ? [] : indexKey.split(',').map(Number);
    if (!traceId || indexes.length === 0) {
      setLoading(false);
      return;
    }
    setLoading(true);
    client['graph.provenance']({ trace_id: traceId, item_indexes: indexes, max_elements: MAX_ELEMENTS }).then(
      (graph) => {
        if (mine !== generation.current) return;
        heldNow.current = holdProvenance(graph);
        setHeld(heldNow.current);
        setLoading(false);
      },
      (failure: unknown) => {
        if (mine !== generation.current) return;
        setLoadError(failure);
        setLoading(false);
      },
    );
  }, [client, traceId, indexKey]);

  useEffect(reload, [reload]);

  const expand = useCallback(
    (node: GraphNode) => {
      if (!traceId) return;
      const mine = generation.current;
      setExpanding(node.id);
      setExpandError(null);
      client['graph.expand']({ trace_id: traceId, node_id: node.id, limit: EXPAND_LIMIT }).then(
        (expansion) => {
          if (mine !== generation.current) return;
          const current = heldNow.current;
          if (current) {
            const next = mergeExpansion(current, expansion, nodeName(node));
            heldNow.current = next;
            setHeld(next);
            serial.current += 1;
            setLastExpansion({ node, added: next.graph.nodes.length - current.graph.nodes.length, serial: serial.current });
          }
          setExpanding(null);
        },
        (failure: unknown) => {
          if (mine !== generation.current) return;
          setExpandError(failure);
          setExpanding(null);
        },
      );
    },
    [client, traceId],
  );

  return { held, loading, loadError, reload, expanding, expandError, expand, lastExpansion };
}

/** How a node is named in messages: its label and caption, or its label alone when the principal may not see it. */
export function nodeName(node: GraphNode): string {
  return node.visible_to_principal ? `${node.label} ${node.caption}`.trim() : node.label;
}

/**
 * A node named in the screen's sentences, in the UI's language: its layer in words (문서, 청크…; the graph's own label for a
 * node of no known layer) and its caption, or the layer alone when the principal may not see it. The graph's label
 * ("Document") left an English word in a Korean sentence (“Document Payments API v2 reference” 옆에 노드 5개를 추가했습니다).
 */
export function useNodeWords(): (node: GraphNode) => string {
  const { t } = useTranslation('graph');
  return (node) => {
    const kind = node.layer === 'other' ? node.label : t(`layer_${node.layer}`);
    return node.visible_to_principal ? `${kind} ${node.caption}`.trim() : kind;
  };
}
