import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAudit } from '../../../electron/audit/audit-runner';
import type { OperationCaller } from '../../../electron/audit/operation-caller';
import { readSuiteFile } from '../../../electron/audit/suite-file';
import { unmatchedCriteriaOfEach } from '../../../electron/explain/match-in-graph';
import type { BuiltInQuery } from '../../../electron/graph/built-in-query';
import type { ReadResult } from '../../../electron/graph/read-gateway';
import type { DocumentMatch } from '../../../shared/audit/document-match';
import { DEFAULT_SCHEMA_PROFILE } from '../../../shared/schema-profile';
import { auditItem, auditRun } from '../../support/audit-fixtures';
import { useTempFolders } from '../../support/temp-folders';

const DOCUMENTS = [
  { id: 'adr-001', doc_type: 'adr', source_uri: 'file:///docs/adr/0001-x.md' },
  { id: 'hr--pay', doc_type: 'policy', source_uri: 'file:///docs/hr/pay.md' },
  { id: 'runbook-db', doc_type: 'runbook', source_uri: 'https://wiki.example/runbooks/db' },
];

const SUITE = `version: 1
name: guards
principals: [u-guest]
modes: [fulltext]
questions:
  - { id: pay, text: pay }
expectations:
  - id: typo-guard
    never_sees: { document_ids: [hr--pay, hr/pay.md, hr--payy] }
  - id: glob-guard
    no_stale_labelled_current: { document_id_glob: policy-* }
  - id: good-guard
    never_sees: { doc_types: [runbook] }
`;

/** A read-only gateway over DOCUMENTS that counts the pages of documents it is asked for. */
function countingReader() {
  const counts = { pages: 0 };
  const read = async (query: BuiltInQuery, params: Record<string, unknown>): Promise<ReadResult> => {
    let rows: Record<string, unknown>[];
    if (query.name === 'match-in-graph-page') {
      counts.pages += 1;
      const after = params['after'] as string | null;
      rows = DOCUMENTS.filter((doc) => after === null || doc.id > after).slice(0, Number(params['page']));
    } else if (query.name === 'document-by-source-path') {
      rows = DOCUMENTS.filter((doc) => doc.source_uri.endsWith(String(params['suffix']))).map((doc) => ({ id: doc.id }));
    } else throw new Error(`unexpected query ${query.name}`);
    return { rows, truncated: false, rowCap: 10, queryName: query.name } as ReadResult;
  };
  return { reader: { read }, counts };
}

/**
 * The door as the audit sees it: every run answers with the public handbook, and `audit.unmatched`
 * is looked up in DOCUMENTS by the real lookup. It also answers the one-match-a-call shape the
 * runner used before, so the code before is measured (three calls), not crashed.
 */
function door() {
  const { reader, counts } = countingReader();
  const calls = { unmatched: 0 };
  const call = (async (name: string, input: Record<string, unknown>) => {
    if (name === 'principals.list') return { principals: [{ principal_id: 'u-guest' }], unreadable: [] };
    if (name === 'app.info') return { graph_uri: 'bolt://fake' };
    if (name === 'query.run')
      return { response: auditRun([auditItem('handbook')]), principal: { principal_id: 'u-guest' }, replay_of: null };
    if (name === 'audit.unmatched') {
      calls.unmatched += 1;
      const matches = (input['matches'] ?? [input['match']]) as DocumentMatch[];
      const each = await unmatchedCriteriaOfEach(reader, DEFAULT_SCHEMA_PROFILE, matches);
      return { unmatched: 'matches' in input ? each : each[0] };
    }
    throw new Error(`unexpected operation ${name}`);
  }) as unknown as OperationCaller;
  return { call, calls, counts };
}

describe('the audit looks its guards up in the graph', () => {
  const { folderWith } = useTempFolders('lens-audit-guards-');

  it('reads the documents once for a suite of three guards, and names what each guard that matches nothing names', async () => {
    const file = readSuiteFile(path.join(folderWith({ 'suite.yaml': SUITE }), 'suite.yaml'));
    const { call, calls, counts } = door();
    const report = await runAudit(call, file, { concurrency: 1 });
    // One call through the door and one page of documents for all three guards, not one each.
    expect(calls.unmatched).toBe(1);
    expect(counts.pages).toBe(1);
    const byExpectation = new Map(report.checks.map((check) => [check.expectation, check]));
    expect(byExpectation.get('typo-guard')?.result).toBe('could_not_run');
    expect(byExpectation.get('typo-guard')?.text).toBe(
      'could not run: never_sees names document_ids hr/pay.md, document_ids hr--payy, which no document in the graph matches, so this check can never fail and guards nothing; correct the suite (hr/pay.md is the source of document hr--pay: write that id)',
    );
    expect(byExpectation.get('glob-guard')?.text).toBe(
      'could not run: no_stale_labelled_current names document_id_glob policy-*, which no document in the graph matches, so this check can never fail and guards nothing; correct the suite',
    );
    // The guard whose criteria all match is judged on its run: the handbook is not a runbook.
    expect(byExpectation.get('good-guard')?.result).toBe('passed');
    expect(report.exit_code).toBe(2);
  });

  it('asks nothing when the suite has no guard', async () => {
    const file = readSuiteFile(path.join(folderWith({ 'suite.yaml': SUITE.split('expectations:')[0] as string }), 'suite.yaml'));
    const { call, calls, counts } = door();
    const report = await runAudit(call, file, { concurrency: 1 });
    expect(calls.unmatched).toBe(0);
    expect(counts.pages).toBe(0);
    expect(report.checks.every((check) => check.result === 'passed')).toBe(true);
  });
});
