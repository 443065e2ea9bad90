import type { Principal } from '../../shared/principal';
import { revealHidden } from '../../shared/revealed-text';

/** A principal as a select's option names it: its id, and its display name after a dash; hidden characters drawn. */
export function principalLabel(entry: Pick<Principal, 'principal_id' | 'display_name'>): string {
  return revealHidden(entry.display_name ? `${entry.principal_id} — ${entry.display_name}` : entry.principal_id);
}

/** Columns a text takes in a UI font, roughly: a Hangul, CJK or fullwidth character is two, anything else one. */
export function textColumns(text: string): number {
  let columns = 0;
  for (const char of text)
    columns += /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u.test(char) ? 2 : 1;
  return columns;
}

/**
 * The most columns a closed select of the narrowest form column shows whole (Compare's principal
 * selects are at least 200 px wide: about 24 columns of 13 px text, its arrow taken off). A longer
 * label is cut at its end, where two ids of one service account differ (`…-prod-eu-west-1`, `-2`).
 */
export const SELECT_COLUMNS = 22;
