import { appendTo } from '../../shared/map-list';
import type { StaleMark } from '../../shared/trace-record';

/** What supersedes what, from each record: the graph's own links, and the stale marks in force. */
export interface SupersessionLinks {
  readonly graph: Map<string, string[]>;
  readonly mark: Map<string, string[]>;
}

/** One step of a chain of supersessions, and whether the graph or a mark makes it. */
export interface ChainStep {
  readonly from: string;
  readonly to: string;
  readonly by: keyof SupersessionLinks;
}

/** What a mark of `documentId` with `successorId` would be judged against. */
export interface MarkedLinksInput {
  readonly documentId: string;
  readonly successorId: string;
  /** The successor's own `superseded_by` property as the graph holds it (any type; only a string is a link). */
  readonly successorProperty: unknown;
  /** The ADRs as the listing reads them: each with the records that supersede it. */
  readonly adrs: readonly { readonly document_id: string; readonly superseded_by: readonly { readonly document_id: string }[] }[];
  readonly marks: readonly Pick<StaleMark, 'document_id' | 'successor_document_id'>[];
}

/**
 * The links out of every record but the one marked (its own mark is replaced by the new one): the
 * successor's `superseded_by`, the graph's supersession edges, the marks in force. Each list grows in
 * place (appendTo): an ADR the graph lists with 20,000 successors was 200 million copies.
 */
export function supersessionLinks(input: MarkedLinksInput): SupersessionLinks {
  const links: SupersessionLinks = { graph: new Map(), mark: new Map() };
  const link = (by: keyof SupersessionLinks, from: string, to: unknown) => {
    if (typeof to === 'string' && from !== input.documentId) appendTo(links[by], from, to);
  };
  link('graph', input.successorId, input.successorProperty);
  for (const adr of input.adrs) for (const later of adr.superseded_by) link('graph', adr.document_id, later.document_id);
  for (const mark of input.marks) link('mark', mark.document_id, mark.successor_document_id);
  return links;
}

/**
 * A shortest chain from `start` to `target` over the links of the kinds given (breadth first), each
 * step with what makes it (the graph where both do); null when there is none.
 */
export function shortestChain(
  links: SupersessionLinks,
  start: string,
  target: string,
  kinds: readonly (keyof SupersessionLinks)[],
): ChainStep[] | null {
  const cameBy = new Map<string, ChainStep>();
  const queue = [start];
  // Read by index: a queue of many successors is not shifted (and moved) once per record.
  for (let next = 0; next < queue.length && !cameBy.has(target); next += 1) {
    const at = queue[next] as string;
    for (const by of kinds) {
      for (const to of links[by].get(at) ?? []) {
        if (to === start || cameBy.has(to)) continue;
        cameBy.set(to, { from: at, to, by });
        queue.push(to);
      }
    }
  }
  if (!cameBy.has(target)) return null;
  const steps: ChainStep[] = [];
  for (let step = cameBy.get(target); step !== undefined; step = cameBy.get(step.from)) steps.unshift(step);
  return steps;
}
