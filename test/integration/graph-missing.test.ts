import { describe, expect, inject, it } from 'vitest';
import type { OperationOutput } from '../../shared/api/lens-api';
import { useDemoHubDoor } from '../support/demo-hub-door';

const server = inject('neo4j');

describe('the existence reads of the audit and the evaluation, on the demo graph', () => {
  const { value } = useDemoHubDoor(server, 'lens-graph-missing-');

  it('graph.missing names the document and chunk ids the graph does not hold, with the id a source path stands for', async () => {
    const missing = await value<OperationOutput<'graph.missing'>>('graph.missing', {
      documents: ['policy-hr-salary-adjustment', 'policies/salary-adjustment', 'policy-hr-salary-adjustmnt'],
      chunks: ['runbook-payments-db-failover#1', 'runbook-payments-db-failover#999'],
    });
    expect(missing).toEqual({
      documents: [{ id: 'policies/salary-adjustment', suggestion: 'policy-hr-salary-adjustment' }, { id: 'policy-hr-salary-adjustmnt' }],
      chunks: [{ id: 'runbook-payments-db-failover#999' }],
    });
  });

  it('audit.unmatched judges every match of a suite on one read and answers per match', async () => {
    const { unmatched } = await value<OperationOutput<'audit.unmatched'>>('audit.unmatched', {
      matches: [{ document_id_glob: 'policy-hr-*' }, { document_ids: ['policies/salary-adjustment'] }, { doc_types: ['no-such-type'] }],
    });
    expect(unmatched).toEqual([
      [],
      [{ criterion: 'document_ids', value: 'policies/salary-adjustment', suggestion: 'policy-hr-salary-adjustment' }],
      [{ criterion: 'doc_types', value: 'no-such-type' }],
    ]);
  });
});
