import { storeError } from '../../shared/errors/store-error-messages';
import type Database from 'better-sqlite3';
import { EvalReport, EvalSummary } from '../../shared/eval/eval-report';
import { parseInput, parseStored, parseStoredJson } from './store-validation';

interface SummaryRow {
  id: string;
  created_at: string;
  set_name: string;
  graph_label: string | null;
  modes: string;
  questions: number;
  runs: number;
  violations: number;
  failed: number;
  findings: number;
  unchecked: number;
}

/**
 * Evaluations of golden sets (`evaluations` table): the whole report as JSON, which reopens exactly
 * as it was stored, and beside it the columns the list shows. The runs it scored stay in `runs`
 * (their trace ids are in the report); pruning them leaves the figures whole.
 */
export class EvaluationRepository {
  /** Keeps the database; statements are prepared per call. */
  constructor(private readonly db: Database.Database) {}

  /** Validates and stores a report; returns it as stored. */
  save(input: EvalReport): EvalReport {
    const report = parseInput(EvalReport, input, storeError('input_evaluation'));
    this.db
      .prepare(
        `INSERT INTO evaluations (id, created_at, set_name, graph_label, modes, questions, runs, violations, failed, json)
         VALUES (@id, @created_at, @set_name, @graph_label, @modes, @questions, @runs, @violations, @failed, @json)`,
      )
      .run({
        id: report.id,
        created_at: report.created_at,
        set_name: report.set.name,
        graph_label: report.graph.label,
        modes: report.modes.join(','),
        questions: report.set.questions,
        runs: report.runs.length,
        violations: report.runs.filter((run) => run.status === 'violation').length,
        failed: report.runs.filter((run) => run.status === 'failed').length,
        json: JSON.stringify(report),
      });
    return report;
  }

  /** The evaluation with this id, or null. */
  get(id: string): EvalReport | null {
    const row = this.db.prepare<[string], { json: string }>('SELECT json FROM evaluations WHERE id = ?').get(id);
    const what = storeError('stored_evaluation', { id });
    return row ? parseStored(EvalReport, parseStoredJson(row.json, what), what) : null;
  }

  /** The newest evaluations first, at most `limit`. */
  list(limit: number): EvalSummary[] {
    return this.db
      .prepare<[number], SummaryRow>(
        // The findings are counted from the stored report (none in one stored before they existed), the
        // checks that could not finish (`unchecked_*`) apart from them; a damaged report counts none here
        // and names its damage when opened, rather than failing the whole list.
        `SELECT id, created_at, set_name, graph_label, modes, questions, runs, violations, failed,
                CASE WHEN json_valid(json) THEN (SELECT count(*) FROM json_each(evaluations.json, '$.findings') AS finding
                  WHERE substr(coalesce(json_extract(finding.value, '$.code'), ''), 1, 10) <> 'unchecked_') ELSE 0 END AS findings,
                CASE WHEN json_valid(json) THEN (SELECT count(*) FROM json_each(evaluations.json, '$.findings') AS finding
                  WHERE substr(coalesce(json_extract(finding.value, '$.code'), ''), 1, 10) = 'unchecked_') ELSE 0 END AS unchecked
         FROM evaluations ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      )
      .all(limit)
      .map((row) =>
        parseStored(EvalSummary, { ...row, modes: row.modes ? row.modes.split(',') : [] }, storeError('stored_evaluation', { id: row.id })),
      );
  }
}
