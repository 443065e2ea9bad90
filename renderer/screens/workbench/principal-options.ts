import type { Principal } from '../../../shared/principal';
import { principalChoice, type PrincipalChoice } from '../../app/principal-choice';

/** The principals the Workbench offers: the list, and a stored run's principal that it no longer holds (its snapshot is what ran). */
export function principalOptions(list: readonly Principal[], snapshot: Principal | null): readonly Principal[] {
  return snapshot && !list.some((entry) => entry.principal_id === snapshot.principal_id) ? [...list, snapshot] : list;
}

/** Where the form's principal stands against what the Workbench offers; while the list is not known, as chosen. */
export function workbenchPrincipalChoice(
  principalId: string,
  list: readonly Principal[] | null,
  snapshot: Principal | null,
): PrincipalChoice {
  return principalChoice(principalId, list ? principalOptions(list, snapshot) : null);
}
