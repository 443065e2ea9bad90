import { storeError } from '../../shared/errors/store-error-messages';
import type Database from 'better-sqlite3';
import { Comparison, ComparisonSummary, unansweredSides } from '../../shared/compare/comparison';
import { parseInput, parseStored, parseStoredJson } from './store-validation';

interface ComparisonRow {
  id: string;
  json: string;
}

interface SummaryRow {
  id: string;
  created_at: string;
  source: string;
  query_text: string;
  trace_a: string;
  trace_b: string;
  principal_a: string;
  principal_b: string;
  leak_count: number | null;
  outcome_a: string | null;
  outcome_b: string | null;
}

/** Newest first; rowid breaks ties between comparisons made in the same millisecond. */
const NEWEST_FIRST = 'ORDER BY created_at DESC, rowid DESC';

/**
 * Comparisons of two runs (`comparisons` table): the whole comparison as JSON, which reopens exactly
 * as it was stored, and beside it the columns the list shows. A comparison keeps its own snapshot of
 * both runs' items, so pruning runs leaves it whole.
 */
export class ComparisonRepository {
  /** Keeps the database; statements are prepared per call. */
  constructor(private readonly db: Database.Database) {}

  /** Validates and stores a comparison; returns it as stored. */
  save(input: Comparison): Comparison {
    const comparison = parseInput(Comparison, input, storeError('input_comparison'));
    const { leak_check: check } = comparison;
    this.db
      .prepare(
        `INSERT INTO comparisons (id, created_at, trace_a, trace_b, json, source, principal_a, principal_b, query_text, leak_count)
         VALUES (@id, @created_at, @trace_a, @trace_b, @json, @source, @principal_a, @principal_b, @query_text, @leak_count)`,
      )
      .run({
        id: comparison.id,
        created_at: comparison.created_at,
        trace_a: comparison.a.trace_id,
        trace_b: comparison.b.trace_id,
        json: JSON.stringify(comparison),
        source: comparison.source,
        principal_a: comparison.a.principal.principal_id,
        principal_b: comparison.b.principal.principal_id,
        query_text: comparison.a.query,
        leak_count: check.state === 'checked' ? check.leaks.length : null,
      });
    return comparisonOf({ id: comparison.id, json: JSON.stringify(comparison) });
  }

  /** The comparison with this id, or null. */
  get(id: string): Comparison | null {
    const row = this.db.prepare<[string], ComparisonRow>('SELECT id, json FROM comparisons WHERE id = ?').get(id);
    return row ? comparisonOf(row) : null;
  }

  /** The newest comparisons first, at most `limit`. */
  list(limit: number): ComparisonSummary[] {
    return this.db
      .prepare<[number], SummaryRow>(
        `SELECT id, created_at, source, query_text, trace_a, trace_b, principal_a, principal_b, leak_count,
                json ->> '$.a.outcome' AS outcome_a, json ->> '$.b.outcome' AS outcome_b
         FROM comparisons ${NEWEST_FIRST} LIMIT ?`,
      )
      .all(limit)
      .map((row) => {
        const { query_text: query, outcome_a: a, outcome_b: b, ...rest } = row;
        // A row whose JSON holds no outcome (a damaged or very old one) says nothing about its runs.
        const outcomes = { a: { outcome: a ?? 'ok' }, b: { outcome: b ?? 'ok' } } as Pick<Comparison, 'a' | 'b'>;
        const unanswered = unansweredSides(outcomes);
        return parseStored(ComparisonSummary, { ...rest, query, unanswered }, storeError('stored_comparison', { id: row.id }));
      });
  }
}

function comparisonOf(row: ComparisonRow): Comparison {
  const what = storeError('stored_comparison', { id: row.id });
  return parseStored(Comparison, parseStoredJson(row.json, what), what);
}
