import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContextItem } from '../../../shared/context-contract';
import { useAppState } from '../../app/app-state';
import { browserStorage, readStoredState, writeStoredState } from '../../app/stored-state';
import { GraphSelectBox } from './ItemCard';
import { revealHidden } from '../../../shared/revealed-text';
import {
  ariaSort,
  columnValue,
  FRESHNESS_STATES,
  itemTitle,
  nextSort,
  NO_FILTER,
  sortFor,
  storedTableChoice,
  tableChoiceToStored,
  tableColumns,
  tableView,
  typeOptions,
  type FreshnessState,
  type ItemColumn,
  type TableChoice,
  type TableFilter,
  type TableRow,
} from './item-table';

interface ItemTableProps {
  readonly items: readonly ContextItem[];
  readonly selected: ReadonlySet<number>;
  readonly onToggle: (index: number) => void;
  /** The card of an item, shown under its row when the row is opened. */
  readonly card: (index: number) => ReactNode;
}

/** The filter bar: a text over titles and ids, a type and a freshness state, and the count shown. */
function TableFilters({
  items,
  filter,
  onFilter,
  shown,
  total,
}: {
  items: readonly ContextItem[];
  filter: TableFilter;
  onFilter: (filter: TableFilter) => void;
  shown: number;
  total: number;
}) {
  const { t } = useTranslation('results');
  const { t: wb } = useTranslation('workbench');
  const id = useId();
  return (
    <div className="wb-table-filters">
      <label htmlFor={`${id}-text`}>{t('filter_text_label')}</label>
      <input
        id={`${id}-text`}
        type="search"
        value={filter.text}
        placeholder={t('filter_text_placeholder')}
        onChange={(event) => onFilter({ ...filter, text: event.target.value })}
        data-testid="table-filter-text"
      />
      <label htmlFor={`${id}-type`}>{t('filter_type_label')}</label>
      <select
        id={`${id}-type`}
        value={filter.type}
        onChange={(event) => onFilter({ ...filter, type: event.target.value })}
        data-testid="table-filter-type"
      >
        <option value="">{t('filter_any')}</option>
        {typeOptions(items, filter.type).map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-fresh`}>{t('filter_freshness_label')}</label>
      <select
        id={`${id}-fresh`}
        value={filter.freshness}
        onChange={(event) => onFilter({ ...filter, freshness: event.target.value as FreshnessState | '' })}
        data-testid="table-filter-freshness"
      >
        <option value="">{t('filter_any')}</option>
        {FRESHNESS_STATES.map((state) => (
          <option key={state} value={state}>
            {wb(`freshness_${state}`)}
          </option>
        ))}
      </select>
      <span className="wb-table-count" role="status" data-testid="table-count" data-shown={shown} data-total={total}>
        {t('shown_count', { shown, total })}
      </span>
    </div>
  );
}

/** A cell's text: scores to four places as the cards show them, a dash where the item has no value. */
function cellText(item: ContextItem, column: ItemColumn, none: string): string {
  const value = columnValue(item, column);
  if (value === undefined) return none;
  return column.startsWith('score:') && typeof value === 'number' ? value.toFixed(4) : String(value);
}

/** The table's sort and filter, as this connection last left them, remembered as they change. */
function useRememberedChoice(): [TableChoice, (choice: TableChoice) => void] {
  const { connection } = useAppState();
  const remembered = (key: string | null): TableChoice => storedTableChoice(readStoredState(browserStorage(), key).table);
  const [choice, setChoice] = useState(() => remembered(connection));
  const [choiceFor, setChoiceFor] = useState(connection);
  // The connection became known (or changed) after the table opened: its own choice applies.
  if (connection !== choiceFor) {
    setChoiceFor(connection);
    setChoice(remembered(connection));
  }
  const choose = (next: TableChoice) => {
    setChoice(next);
    writeStoredState(browserStorage(), connection, { table: tableChoiceToStored(next) });
  };
  return [choice, choose];
}

/**
 * The items as a compact table: rank, title, type, freshness, the scores each stage gave and tokens;
 * every column sorts (the header is a button, so the keyboard sorts too), a filter narrows the rows,
 * and a title opens the item's card under its row. The sort and filter are remembered per connection;
 * a sort by a column this run does not have shows the run's order.
 */
export function ItemTable({ items, selected, onToggle, card }: ItemTableProps) {
  const { t } = useTranslation('results');
  const { t: wb } = useTranslation('workbench');
  const [choice, setChoice] = useRememberedChoice();
  const [open, setOpen] = useState<number | null>(null);
  const columns = useMemo(() => tableColumns(items), [items]);
  const sort = sortFor(choice.sort, columns);
  const { filter } = choice;
  const setSort = (next: TableChoice['sort']) => setChoice({ ...choice, sort: next });
  const setFilter = (next: TableFilter) => setChoice({ ...choice, filter: next });
  const view = useMemo(() => tableView(items, sort, filter), [items, sort, filter]);
  const heading = (column: ItemColumn): string =>
    column.startsWith('score:') ? wb(`score_stage_${column.slice('score:'.length)}`) : t(`col_${column}`);

  return (
    <div className="wb-table-wrap" data-testid="item-table-view">
      <TableFilters items={items} filter={filter} onFilter={setFilter} shown={view.shown} total={view.total} />
      <table className="wb-item-table" data-testid="item-table">
        <caption className="wb-sr-only">{t('table_caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="wb-col-select">
              <span className="wb-sr-only">{t('col_select')}</span>
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" aria-sort={ariaSort(sort, column)} data-column={column}>
                <button
                  type="button"
                  className="wb-sort"
                  onClick={() => setSort(nextSort(sort, column))}
                  aria-label={t('sort_by', { column: heading(column) })}
                  data-testid={`sort-${column}`}
                >
                  {heading(column)}
                  <span aria-hidden="true" className="wb-sort-mark">
                    {sort.column === column ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => (
            <TableItemRow
              key={`${row.item.chunk_id}:${row.index}`}
              row={row}
              columns={columns}
              selected={selected.has(row.index)}
              onToggle={() => onToggle(row.index)}
              open={open === row.index}
              onOpen={() => setOpen(open === row.index ? null : row.index)}
              card={card}
            />
          ))}
        </tbody>
      </table>
      {view.shown === 0 ? (
        <p className="wb-hint" data-testid="table-empty">
          {t('no_rows')}{' '}
          <button type="button" onClick={() => setFilter(NO_FILTER)}>
            {t('clear_filter')}
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** One item's row, and its card under it when opened. */
function TableItemRow({
  row,
  columns,
  selected,
  onToggle,
  open,
  onOpen,
  card,
}: {
  row: TableRow;
  columns: readonly ItemColumn[];
  selected: boolean;
  onToggle: () => void;
  open: boolean;
  onOpen: () => void;
  card: (index: number) => ReactNode;
}) {
  const { t } = useTranslation('results');
  const { t: wb } = useTranslation('workbench');
  const { item } = row;
  const title = revealHidden(itemTitle(item));
  const cell = (column: ItemColumn) => {
    if (column === 'title')
      return (
        <button
          type="button"
          className="wb-row-open"
          onClick={onOpen}
          aria-expanded={open}
          aria-label={t(open ? 'row_hide' : 'row_show', { title })}
          title={title}
          data-testid="row-open"
        >
          {title}
        </button>
      );
    if (column === 'freshness')
      return (
        <span className={`badge ${item.freshness.state}`} data-testid="row-freshness">
          {wb(`freshness_${item.freshness.state}`)}
        </span>
      );
    return cellText(item, column, t('no_value'));
  };
  return (
    <>
      <tr
        className={open ? 'wb-row wb-row-open-now' : 'wb-row'}
        data-testid="item-row"
        data-index={row.index}
        data-document-id={item.document_id}
        data-freshness={item.freshness.state}
      >
        <td className="wb-col-select">
          <GraphSelectBox title={title} selected={selected} onToggle={onToggle} testId="row-select" />
        </td>
        {columns.map((column) => (
          <td
            key={column}
            data-column={column}
            className={column === 'title' ? 'wb-col-title' : column === 'type' || column === 'freshness' ? undefined : 'mono wb-num'}
          >
            {cell(column)}
          </td>
        ))}
      </tr>
      {open ? (
        <tr className="wb-row-card" data-testid="row-card">
          <td colSpan={columns.length + 1}>
            <ol className="wb-item-list">{card(row.index)}</ol>
          </td>
        </tr>
      ) : null}
    </>
  );
}
