import type { ContextItem } from '../../../shared/context-contract';

/** The retrieval stages whose scores an item may carry, in pipeline order. */
export const SCORE_STAGES = ['vector', 'fulltext', 'entity', 'fused', 'graph'] as const;
export type ScoreStage = (typeof SCORE_STAGES)[number];

/** A column of the compact table; `score:<stage>` columns exist only for stages some item carries. */
export type ItemColumn = 'rank' | 'title' | 'type' | 'freshness' | `score:${ScoreStage}` | 'tokens';

export const FRESHNESS_STATES = ['current', 'stale', 'unknown'] as const;
export type FreshnessState = (typeof FRESHNESS_STATES)[number];

export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  readonly column: ItemColumn;
  readonly direction: SortDirection;
}

/** What the user filters by: a text over title and ids, a document type and a freshness state ('' means any). */
export interface TableFilter {
  readonly text: string;
  readonly type: string;
  readonly freshness: FreshnessState | '';
}

export const NO_FILTER: TableFilter = { text: '', type: '', freshness: '' };
/** The table opens in the run's own order. */
export const DEFAULT_SORT: TableSort = { column: 'rank', direction: 'ascending' };

/** One row: the item and its index in the run's items (the index the graph selection uses). */
export interface TableRow {
  readonly item: ContextItem;
  readonly index: number;
}

/** The table as shown: the rows that pass the filter, in sort order, and how many exist. */
export interface TableView {
  readonly rows: readonly TableRow[];
  readonly shown: number;
  readonly total: number;
}

/** The item's title as the cards show it: its document title, else its document id. */
export const itemTitle = (item: ContextItem): string => item.title ?? item.document_id;

/** The score columns for these items: one per stage that at least one item carries a score for. */
export function scoreColumns(items: readonly ContextItem[]): ItemColumn[] {
  return SCORE_STAGES.filter((stage) => items.some((item) => item.retrieval_scores[stage] !== undefined)).map(
    (stage) => `score:${stage}` as const,
  );
}

/** Every column of the table for these items, in display order. */
export function tableColumns(items: readonly ContextItem[]): ItemColumn[] {
  return ['rank', 'title', 'type', 'freshness', ...scoreColumns(items), 'tokens'];
}

/** The value a column shows and sorts by; undefined when the item has none (a score it did not get, no type). */
export function columnValue(item: ContextItem, column: ItemColumn): string | number | undefined {
  switch (column) {
    case 'rank':
      return item.ranks.final;
    case 'title':
      return itemTitle(item);
    case 'type':
      return item.doc_type;
    case 'freshness':
      return item.freshness.state;
    case 'tokens':
      return item.tokens;
    default:
      return item.retrieval_scores[column.slice('score:'.length) as ScoreStage];
  }
}

/**
 * The document types among the items, sorted, for the type filter; a chosen type that none of these
 * items has (remembered from another run) stays an option, so the filter in force is shown.
 */
export function typeOptions(items: readonly ContextItem[], chosen = ''): string[] {
  const types = new Set(items.flatMap((item) => (item.doc_type ? [item.doc_type] : [])));
  if (chosen !== '') types.add(chosen);
  return [...types].sort();
}

/** Whether an item passes the filter: the text (case-insensitive) in its title, document, chunk or claim id. */
export function matchesFilter(item: ContextItem, filter: TableFilter): boolean {
  if (filter.type !== '' && item.doc_type !== filter.type) return false;
  if (filter.freshness !== '' && item.freshness.state !== filter.freshness) return false;
  const needle = filter.text.trim().toLowerCase();
  if (needle === '') return true;
  const haystack = [itemTitle(item), item.document_id, item.claim_id ?? '', ...item.chunk_ids];
  return haystack.some((value) => value.toLowerCase().includes(needle));
}

/** Orders two column values: numbers by size, text by locale; a missing value sorts last in either direction. */
function compareValues(a: string | number | undefined, b: string | number | undefined, direction: SortDirection): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return direction === 'ascending' ? order : -order;
}

/** The rows that pass the filter, sorted by the column (ties keep the run's rank order), and the counts. */
export function tableView(items: readonly ContextItem[], sort: TableSort, filter: TableFilter): TableView {
  const rows = items.map((item, index) => ({ item, index })).filter((row) => matchesFilter(row.item, filter));
  const sorted = rows.sort(
    (a, b) =>
      compareValues(columnValue(a.item, sort.column), columnValue(b.item, sort.column), sort.direction) ||
      a.item.ranks.final - b.item.ranks.final,
  );
  return { rows: sorted, shown: sorted.length, total: items.length };
}

/** The direction a column starts in: scores and tokens high first, rank and text from the top. */
const naturalDirection = (column: ItemColumn): SortDirection =>
  column.startsWith('score:') || column === 'tokens' ? 'descending' : 'ascending';

/**
 * The sort after the user picks a column: the same column flips direction; another column starts in
 * its natural direction (scores and tokens high first, rank and text from the top).
 */
export function nextSort(current: TableSort, column: ItemColumn): TableSort {
  if (current.column === column) return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: naturalDirection(column) };
}

/** The `aria-sort` of a column header. */
export const ariaSort = (sort: TableSort, column: ItemColumn): SortDirection | 'none' => (sort.column === column ? sort.direction : 'none');

/** The table's sort and filter as the user left them; remembered per connection. */
export interface TableChoice {
  readonly sort: TableSort;
  readonly filter: TableFilter;
}

export const DEFAULT_CHOICE: TableChoice = { sort: DEFAULT_SORT, filter: NO_FILTER };

const FIXED_COLUMNS: readonly ItemColumn[] = ['rank', 'title', 'type', 'freshness', 'tokens'];
const isColumn = (value: unknown): value is ItemColumn =>
  FIXED_COLUMNS.some((column) => column === value) || SCORE_STAGES.some((stage) => value === `score:${stage}`);
const isDirection = (value: unknown): value is SortDirection => value === 'ascending' || value === 'descending';
const isFreshness = (value: unknown): value is FreshnessState => FRESHNESS_STATES.some((state) => state === value);

/** The choice as it is stored: plain fields, read back by `storedTableChoice`. */
export function tableChoiceToStored(choice: TableChoice): Record<string, string> {
  const { sort, filter } = choice;
  return { sort: sort.column, direction: sort.direction, text: filter.text, type: filter.type, freshness: filter.freshness };
}

/**
 * The choice read back from storage, field by field: a column this build does not know, a direction
 * or freshness state it does not have, or a field of another type (a store from an older or newer
 * build) falls back to its default, alone.
 */
export function storedTableChoice(stored: Readonly<Record<string, unknown>> | undefined): TableChoice {
  if (!stored) return DEFAULT_CHOICE;
  const sort = isColumn(stored.sort)
    ? { column: stored.sort, direction: isDirection(stored.direction) ? stored.direction : naturalDirection(stored.sort) }
    : DEFAULT_SORT;
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return {
    sort,
    filter: { text: text(stored.text), type: text(stored.type), freshness: isFreshness(stored.freshness) ? stored.freshness : '' },
  };
}

/** The sort in force for these columns: the chosen one, or the run's order when its column is not shown (a stage this run did not have). */
export const sortFor = (sort: TableSort, columns: readonly ItemColumn[]): TableSort =>
  columns.includes(sort.column) ? sort : DEFAULT_SORT;
