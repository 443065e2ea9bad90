import type { Principal } from '../../shared/principal';
import type { GraphGateway } from '../graph/read-gateway';

/**
 * The graph's principals as a connection last read them, by id (`null`: the graph has no principal
 * of that id). One cache per gateway, so a reconnect (a new gateway) starts empty. Only the graph's
 * side is kept: the local list is read from the trace store at every run, so a local principal
 * edited or removed applies to the next run at once.
 *
 * A cached entry is a guess, never a grant: a run that starts from it re-reads the principal beside
 * its retrieval and is redone when the graph now says otherwise (see `resolvePrincipalCached`).
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Principal | null>();

  /** The graph's principal of this id as last read, `null` when the graph had none, `undefined` when never read. */
  get(principalId: string): Principal | null | undefined {
    return this.entries.get(principalId);
  }

  /** Keeps what the graph said of this id. */
  set(principalId: string, principal: Principal | null): void {
    this.entries.set(principalId, principal);
  }

  /** Forgets one id, or every id. */
  forget(principalId?: string): void {
    if (principalId === undefined) this.entries.clear();
    else this.entries.delete(principalId);
  }

  /** How many ids are kept (for tests and the warm-up's report). */
  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<GraphGateway, PrincipalCache>();

/** The principal cache of a connection, made on first use. */
export function principalCacheOf(gateway: GraphGateway): PrincipalCache {
  let cache = caches.get(gateway);
  if (!cache) {
    cache = new PrincipalCache();
    caches.set(gateway, cache);
  }
  return cache;
}

/** A principal's fields in a fixed order, its lists sorted, so two reads of the same node compare equal. */
function canonical(principal: Principal | null): string {
  if (principal === null) return 'null';
  const { groups, acl_partitions, ...rest } = principal;
  // Field names in code-unit order: a fixed order is all equality needs (no collator, which ICU loads on first use).
  const fields = Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([fields, [...groups].sort(), [...acl_partitions].sort()]);
}

/** Whether two reads of a graph principal grant the same (same fields, same groups and partitions in any order). */
export function samePrincipal(a: Principal | null, b: Principal | null): boolean {
  return canonical(a) === canonical(b);
}
