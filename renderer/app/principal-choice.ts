import type { Principal } from '../../shared/principal';

/** A chosen principal against the principal list: one it holds, none chosen, or one it no longer holds. */
export type PrincipalChoice =
  { readonly state: 'chosen' } | { readonly state: 'unset' } | { readonly state: 'gone'; readonly principal: string };

/**
 * Where a chosen principal stands; while the list is not known, a chosen one stands as chosen. A
 * principal the list no longer holds (a folder loaded since, a local copy removed) is never swapped
 * for another: the form shows it unset, names it, and waits for a choice, so nobody runs as the
 * wrong person.
 */
export function principalChoice(principalId: string, principals: readonly Principal[] | null): PrincipalChoice {
  if (principalId === '') return { state: 'unset' };
  if (!principals || principals.some((entry) => entry.principal_id === principalId)) return { state: 'chosen' };
  return { state: 'gone', principal: principalId };
}
