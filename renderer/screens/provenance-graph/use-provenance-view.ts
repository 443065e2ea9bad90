import { useCallback, useEffect, useRef, useState } from 'react';
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
}

/** Loads the paths of `itemIndexes` of the run `traceId` (nothing when either is missing) and merges expansions into them. */
export function useProvenanceView(traceId: string | null, itemIndexes: readonly number[]): ProvenanceView {
  const client = useLensClient();
  const [held, setHeld] = useState<HeldGraph | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [expanding, setExpanding] = useState<string | null>(null);
  const [expandError, setExpandError] = useState<unknown>(null);
  // Answers for an earlier selection are dropped: only the latest load (and its expansions) apply.
  const generation = useRef(0);
  const indexKey = [...new Set(itemIndexes)].sort((a, b) => a - b).join(',');

  const reload = useCallback(() => {
    const mine = ++generation.current;
    setHeld(null);
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
        setHeld(holdProvenance(graph));
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
          setHeld((current) =>
            current
              ? mergeExpansion(current, expansion, node.visible_to_principal ? `${node.label} ${node.caption}`.trim() : node.label)
              : current,
          );
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

  return { held, loading, loadError, reload, expanding, expandError, expand };
}
