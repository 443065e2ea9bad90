import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wordCore } from '../../../shared/core-catalogues';
import type { CoreMessage } from '../../../shared/core-message';
import { readPrevious } from '../../../electron/cli/commands/eval-command';
import { evalReport, evalRun } from '../../support/eval-fixtures';
import { errorOf } from '../../support/lens-error-of';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-eval-previous-');

/** A stored report changed by `change`, written to a file; its path. */
/** The report as JSON holds it: a few fields the tests change. */
interface Figures {
  runs: { document_metrics: Record<string, unknown> }[];
  aggregates: { document_metrics: Record<string, unknown>; chunk_metrics: Record<string, unknown> | null }[];
}

function previousWith(change: (report: Figures) => void): string {
  const report = JSON.parse(JSON.stringify(evalReport('prev', [evalRun({ question_id: 'q1', mode: 'hybrid' })], ['hybrid']))) as Figures;
  change(report);
  return path.join(folderWith({ 'previous.json': JSON.stringify(report) }), 'previous.json');
}

describe('the previous report lens eval --compare reads', () => {
  it('names a figure named after no metric, and lists the metrics there are, in English and Korean', () => {
    const file = previousWith((report) => {
      const run = report.runs[0];
      if (!run) return;
      delete run.document_metrics.recall;
      run.document_metrics.recal = 1;
    });
    const error = errorOf(() => readPrevious(file));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(
      `${file} is not an evaluation report: runs[0].document_metrics holds "recal", which is not a metric; the metrics are recall, precision, mrr, ndcg`,
    );
    expect(wordCore(error.said as CoreMessage, 'ko')).toContain('지표가 아닌 "recal"');
    const inMeans = previousWith((report) => {
      const mean = report.aggregates[0];
      if (mean) mean.chunk_metrics = { recall: 1, precision: 1, mrr: 1, ndcg: 1, f1: 0.5 };
    });
    expect(errorOf(() => readPrevious(inMeans)).message).toContain('aggregates[0].chunk_metrics holds "f1", which is not a metric');
  });

  it('says why a previous report cannot be read, or where it stops being JSON, as codes in English and Korean, not Node’s or the parser’s English', () => {
    const missing = path.join(folderWith({}), 'missing.json');
    const error = errorOf(() => readPrevious(missing));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(`Cannot read the previous evaluation ${missing}: there is no such file; check the path and its spelling`);
    expect(wordCore(error.said as CoreMessage, 'ko')).toBe(
      `이전 평가 ${missing}을(를) 읽을 수 없습니다: 그런 파일이 없습니다. 경로와 철자를 확인하세요`,
    );
    const broken = path.join(folderWith({ 'broken.json': '{\n  "runs": nope\n}' }), 'broken.json');
    expect(errorOf(() => readPrevious(broken)).message).toBe(
      `Cannot read the previous evaluation ${broken}: 'o' at line 2, column 12 cannot stand there`,
    );
  });

  it('names where a figure given as a string is, and the string', () => {
    const file = previousWith((report) => {
      const mean = report.aggregates[0];
      if (mean) mean.document_metrics.recall = 'high';
    });
    expect(errorOf(() => readPrevious(file)).message).toBe(
      `${file} is not an evaluation report: aggregates[0].document_metrics.recall is "high": must be of type number, not string; give a value of type number`,
    );
  });
});
