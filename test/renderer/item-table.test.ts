import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContextItem } from '../../shared/context-contract';
import {
  ariaSort,
  columnValue,
  DEFAULT_CHOICE,
  DEFAULT_SORT,
  matchesFilter,
  nextSort,
  NO_FILTER,
  scoreColumns,
  sortFor,
  storedTableChoice,
  tableChoiceToStored,
  tableColumns,
  tableView,
  typeOptions,
  type ItemColumn,
  type TableChoice,
} from '../../renderer/screens/workbench/item-table';

/** An item with what the table reads; the rest is filler the table never shows. */
function item(rank: number, changes: Partial<ContextItem> = {}): ContextItem {
  return {
    content: `content ${rank}`,
    source_uri: `file:///doc-${rank}.md`,
    document_id: `doc-${rank}`,
    chunk_id: `chunk-${rank}`,
    chunk_ids: [`chunk-${rank}`],
    document_version: null,
    span: { start_char: 0, end_char: 10 },
    freshness: { state: 'current', reason: 'current' },
    provenance_path: [{ label: 'Document', id: `doc-${rank}` }],
    retrieval_scores: {},
    ranks: { final: rank },
    tokens: 10 * rank,
    ...changes,
  };
}

const ITEMS: ContextItem[] = [
  item(1, { title: 'Payments failover', doc_type: 'runbook', retrieval_scores: { vector: 0.8, fused: 0.03 }, tokens: 120 }),
  item(2, {
    title: 'Kafka retention',
    doc_type: 'adr',
    freshness: { state: 'stale', reason: 'superseded' },
    retrieval_scores: { fulltext: 4.2, fused: 0.02 },
    tokens: 300,
  }),
  item(3, {
    doc_type: 'runbook',
    freshness: { state: 'unknown', reason: 'no data' },
    retrieval_scores: { vector: 0.9 },
    tokens: 80,
    claim_id: 'claim-77',
  }),
];

const ranksOf = (rows: readonly { item: ContextItem }[]) => rows.map((row) => row.item.ranks.final);

describe('the table columns', () => {
  it('offers a score column only for the stages some item carries a score for, in pipeline order', () => {
    expect(scoreColumns(ITEMS)).toEqual(['score:vector', 'score:fulltext', 'score:fused']);
    expect(tableColumns(ITEMS)).toEqual(['rank', 'title', 'type', 'freshness', 'score:vector', 'score:fulltext', 'score:fused', 'tokens']);
  });

  it('shows no score column when no item has a score (a cypher run)', () => {
    expect(tableColumns([item(1)])).toEqual(['rank', 'title', 'type', 'freshness', 'tokens']);
  });

  it('reads each column from the item, the title falling back to the document id and a missing score to undefined', () => {
    const [, , third] = ITEMS as [ContextItem, ContextItem, ContextItem];
    expect(columnValue(third, 'title')).toBe('doc-3');
    expect(columnValue(third, 'score:vector')).toBe(0.9);
    expect(columnValue(third, 'score:fulltext')).toBeUndefined();
    expect(columnValue(third, 'freshness')).toBe('unknown');
    expect(columnValue(third, 'tokens')).toBe(80);
    expect(columnValue(third, 'rank')).toBe(3);
  });

  it('lists each document type once, sorted', () => {
    expect(typeOptions(ITEMS)).toEqual(['adr', 'runbook']);
  });

  it('keeps a chosen type that no item has among the options, so the filter in force shows', () => {
    expect(typeOptions(ITEMS, 'policy')).toEqual(['adr', 'policy', 'runbook']);
    expect(typeOptions(ITEMS, 'adr')).toEqual(['adr', 'runbook']);
  });
});

describe('sorting', () => {
  it('keeps the run order by default', () => {
    expect(ranksOf(tableView(ITEMS, DEFAULT_SORT, NO_FILTER).rows)).toEqual([1, 2, 3]);
  });

  it('sorts numbers by size both ways', () => {
    expect(ranksOf(tableView(ITEMS, { column: 'tokens', direction: 'descending' }, NO_FILTER).rows)).toEqual([2, 1, 3]);
    expect(ranksOf(tableView(ITEMS, { column: 'tokens', direction: 'ascending' }, NO_FILTER).rows)).toEqual([3, 1, 2]);
  });

  it('puts items without the score last in either direction', () => {
    expect(ranksOf(tableView(ITEMS, { column: 'score:vector', direction: 'descending' }, NO_FILTER).rows)).toEqual([3, 1, 2]);
    expect(ranksOf(tableView(ITEMS, { column: 'score:vector', direction: 'ascending' }, NO_FILTER).rows)).toEqual([1, 3, 2]);
  });

  it('sorts text and breaks ties by rank', () => {
    expect(ranksOf(tableView(ITEMS, { column: 'type', direction: 'ascending' }, NO_FILTER).rows)).toEqual([2, 1, 3]);
    expect(ranksOf(tableView(ITEMS, { column: 'title', direction: 'ascending' }, NO_FILTER).rows)).toEqual([3, 2, 1]);
  });

  it('flips the direction on the same column and starts scores and tokens high first', () => {
    expect(nextSort(DEFAULT_SORT, 'rank')).toEqual({ column: 'rank', direction: 'descending' });
    expect(nextSort(DEFAULT_SORT, 'score:fused')).toEqual({ column: 'score:fused', direction: 'descending' });
    expect(nextSort(DEFAULT_SORT, 'tokens')).toEqual({ column: 'tokens', direction: 'descending' });
    expect(nextSort(DEFAULT_SORT, 'title')).toEqual({ column: 'title', direction: 'ascending' });
  });

  it('marks only the sorted column in aria-sort', () => {
    const sort = { column: 'tokens', direction: 'descending' } as const;
    expect(ariaSort(sort, 'tokens')).toBe('descending');
    expect(ariaSort(sort, 'rank')).toBe('none');
  });
});

describe('filtering', () => {
  it('matches the text in the title, document, chunk or claim id, ignoring case', () => {
    expect(ranksOf(tableView(ITEMS, DEFAULT_SORT, { ...NO_FILTER, text: 'KAFKA' }).rows)).toEqual([2]);
    expect(ranksOf(tableView(ITEMS, DEFAULT_SORT, { ...NO_FILTER, text: 'claim-77' }).rows)).toEqual([3]);
    expect(ranksOf(tableView(ITEMS, DEFAULT_SORT, { ...NO_FILTER, text: 'chunk-1' }).rows)).toEqual([1]);
  });

  it('narrows by type and by freshness together', () => {
    const view = tableView(ITEMS, DEFAULT_SORT, { text: '', type: 'runbook', freshness: 'unknown' });
    expect(ranksOf(view.rows)).toEqual([3]);
    expect(view).toMatchObject({ shown: 1, total: 3 });
  });

  it('counts none shown when nothing matches, out of all', () => {
    expect(tableView(ITEMS, DEFAULT_SORT, { ...NO_FILTER, text: 'nothing like it' })).toMatchObject({ shown: 0, total: 3, rows: [] });
  });

  it('keeps each row’s index into the run’s items for the graph selection', () => {
    const view = tableView(ITEMS, { column: 'tokens', direction: 'descending' }, NO_FILTER);
    expect(view.rows.map((row) => row.index)).toEqual([1, 0, 2]);
  });

  it('never shows more rows than exist, and shows every row that matches exactly once, whatever the sort and filter', () => {
    const columns = tableColumns(ITEMS);
    fc.assert(
      fc.property(
        fc.constantFrom<ItemColumn>(...columns),
        fc.constantFrom('ascending' as const, 'descending' as const),
        fc.string({ maxLength: 4 }),
        fc.constantFrom('', 'adr', 'runbook', 'policy'),
        fc.constantFrom('' as const, 'current' as const, 'stale' as const, 'unknown' as const),
        (column, direction, text, type, freshness) => {
          const filter = { text, type, freshness };
          const view = tableView(ITEMS, { column, direction }, filter);
          expect(view.shown).toBe(view.rows.length);
          expect(view.shown).toBeLessThanOrEqual(view.total);
          expect(view.total).toBe(ITEMS.length);
          expect(new Set(view.rows.map((row) => row.index)).size).toBe(view.shown);
          expect(view.shown).toBe(ITEMS.filter((entry) => matchesFilter(entry, filter)).length);
        },
      ),
    );
  });
});

describe('the remembered sort and filter', () => {
  const CHOSEN: TableChoice = {
    sort: { column: 'score:fused', direction: 'ascending' },
    filter: { text: 'kafka', type: 'adr', freshness: 'stale' },
  };

  it('reads back what was stored, through JSON as the browser keeps it', () => {
    expect(storedTableChoice(JSON.parse(JSON.stringify(tableChoiceToStored(CHOSEN))) as Record<string, unknown>)).toEqual(CHOSEN);
    expect(storedTableChoice(tableChoiceToStored(DEFAULT_CHOICE))).toEqual(DEFAULT_CHOICE);
  });

  it('is the run order and no filter when nothing was stored', () => {
    expect(storedTableChoice(undefined)).toEqual(DEFAULT_CHOICE);
    expect(storedTableChoice({})).toEqual(DEFAULT_CHOICE);
  });

  it('drops a column this build does not know, keeping the filter', () => {
    const stored = { ...tableChoiceToStored(CHOSEN), sort: 'score:rerank' };
    expect(storedTableChoice(stored)).toEqual({ sort: DEFAULT_SORT, filter: CHOSEN.filter });
  });

  it('gives a known column its natural direction when the stored direction is not one', () => {
    expect(storedTableChoice({ sort: 'tokens', direction: 'up' }).sort).toEqual({ column: 'tokens', direction: 'descending' });
    expect(storedTableChoice({ sort: 'title' }).sort).toEqual({ column: 'title', direction: 'ascending' });
    expect(storedTableChoice({ sort: 'rank', direction: 7 }).sort).toEqual(DEFAULT_SORT);
  });

  it('reads each filter field alone: a wrong type or an unknown freshness state is no filter', () => {
    expect(storedTableChoice({ text: 42, type: 'adr', freshness: 'rotten' }).filter).toEqual({ text: '', type: 'adr', freshness: '' });
    expect(storedTableChoice({ text: 'x', type: null, freshness: 'unknown' }).filter).toEqual({
      text: 'x',
      type: '',
      freshness: 'unknown',
    });
  });

  it('never throws and always gives a known column and direction, whatever was stored', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('sort', 'direction', 'text', 'type', 'freshness', 'other'), fc.jsonValue()), (stored) => {
        const choice = storedTableChoice(stored);
        expect(['ascending', 'descending']).toContain(choice.sort.direction);
        expect(storedTableChoice(tableChoiceToStored(choice))).toEqual(choice);
      }),
    );
  });

  it('sorts in the run order while the remembered column is not shown (a stage this run did not have)', () => {
    const columns = tableColumns([item(1)]);
    expect(sortFor({ column: 'score:vector', direction: 'descending' }, columns)).toEqual(DEFAULT_SORT);
    expect(sortFor({ column: 'tokens', direction: 'ascending' }, columns)).toEqual({ column: 'tokens', direction: 'ascending' });
    expect(sortFor(CHOSEN.sort, tableColumns(ITEMS))).toBe(CHOSEN.sort);
  });
});
