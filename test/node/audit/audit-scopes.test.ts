import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planAudit, runRequest } from '../../../electron/audit/audit-plan';
import { readSuiteFile } from '../../../electron/audit/suite-file';
import { useTempFolders } from '../../support/temp-folders';

const { folderWith } = useTempFolders('lens-audit-scopes-');

const SCOPED_YAML = `version: 1
name: payments questions stay in payments
request: { top_k: 5, allowed_scopes: { services: [payments-gateway] } }
principals: [u-sora]
modes: [hybrid]
questions:
  - { id: failover, text: payments database failover }
  - { id: ledger, text: ledger balance, allowed_scopes: { repositories: [nurion/ledger-service], document_ids: [adr-010-postgres-ha-patroni] } }
  - { id: unknown, text: on-call, allowed_scopes: { teams: [payments] } }
expectations:
  - { id: sourced, every_item_has_provenance: true }
`;

describe('audit suites carry allowed_scopes', () => {
  it("reads the suite's scopes and a question's own, and each run asks with the question's scopes or else the suite's", () => {
    const file = path.join(folderWith({ 'suite.yaml': SCOPED_YAML }), 'suite.yaml');
    const { suite } = readSuiteFile(file);
    const requests = Object.fromEntries(planAudit(suite).runs.map((run) => [run.question.id, runRequest(suite, run)]));
    expect(requests.failover?.allowed_scopes).toEqual({ services: ['payments-gateway'] });
    expect(requests.ledger?.allowed_scopes).toEqual({
      repositories: ['nurion/ledger-service'],
      document_ids: ['adr-010-postgres-ha-patroni'],
    });
    // An unknown kind is passed on as written, so the run fails closed as unsupported_filter and is recorded.
    expect(requests.unknown?.allowed_scopes).toEqual({ teams: ['payments'] });
  });

  it('refuses scopes that are not an object, naming the path in the file', () => {
    const text = SCOPED_YAML.replace('allowed_scopes: { teams: [payments] }', 'allowed_scopes: payments');
    const file = path.join(folderWith({ 'bad.yaml': text }), 'bad.yaml');
    expect(() => readSuiteFile(file)).toThrow(/questions\[2\]\.allowed_scopes/);
  });
});
