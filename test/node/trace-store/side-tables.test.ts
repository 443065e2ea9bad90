import { describe, expect, it } from 'vitest';
import { buildRunRecord } from '../../support/run-record-factory';
import { errorOf } from '../../support/lens-error-of';
import { useFreshStore, withRawDatabase } from '../../support/temp-trace-stores';

describe('principals, stale marks and saved queries in the trace store', () => {
  const { temp, store } = useFreshStore();

  it('adds principals with defaults filled in and the batch source stamped on each', () => {
    expect(
      store().upsertPrincipals(
        [
          { principal_id: 'u-minjun', workspace_id: 'ws-nurion', groups: ['g-platform'] },
          { principal_id: 'u-guest', workspace_id: 'ws-nurion' },
        ],
        'import',
      ),
    ).toBe(2);
    expect(
      store()
        .listPrincipals()
        .map((principal) => principal.principal_id),
    ).toEqual(['u-guest', 'u-minjun']);
    expect(store().getPrincipal('u-guest')).toStrictEqual({
      principal_id: 'u-guest',
      workspace_id: 'ws-nurion',
      groups: [],
      acl_partitions: [],
      source: 'import',
    });
    withRawDatabase(temp.file(), (db) =>
      expect(db.prepare('SELECT source FROM principals WHERE principal_id = ?').pluck().get('u-minjun')).toBe('import'),
    );
  });

  it('replaces a principal with the same id on upsert', () => {
    store().upsertPrincipals([{ principal_id: 'u-minjun', workspace_id: 'ws-nurion', groups: ['g-platform'] }], 'local');
    store().upsertPrincipals([{ principal_id: 'u-minjun', workspace_id: 'ws-nurion', groups: ['g-platform', 'g-eng-all'] }], 'graph');
    expect(store().getPrincipal('u-minjun')).toMatchObject({ groups: ['g-platform', 'g-eng-all'], source: 'graph' });
    expect(store().listPrincipals()).toHaveLength(1);
  });

  it('writes no principal from a list with an invalid one, naming its index and field', () => {
    const error = errorOf(() =>
      store().upsertPrincipals(
        [
          { principal_id: 'u-ok', workspace_id: 'ws' },
          { principal_id: 'u-bad', workspace_id: '' },
        ],
        'import',
      ),
    );
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('[1].workspace_id');
    expect(store().listPrincipals()).toEqual([]);
  });

  it('deletes a principal without touching the runs that snapshot it', () => {
    store().upsertPrincipals([{ principal_id: 'u-minjun', workspace_id: 'ws-nurion' }], 'local');
    const run = store().recordRun(buildRunRecord());
    expect(store().deletePrincipal('u-minjun')).toBe(true);
    expect(store().deletePrincipal('u-minjun')).toBe(false);
    expect(store().getPrincipal('u-minjun')).toBeNull();
    expect(store().getRun(run.trace_id)?.principal.principal_id).toBe('u-minjun');
  });

  it('marks a document stale, lets a second mark take over, and unmarks it, keeping every entry', () => {
    const mark = {
      document_id: 'adr-013-cert-manager-tls',
      reason: 'superseded by ADR 021',
      marked_by: 'u-seoyeon',
      marked_at: '2026-11-01T09:00:00.000Z',
    };
    const unmark = {
      document_id: mark.document_id,
      reason: 'ADR 021 was rolled back',
      recorded_by: 'u-jiho',
      recorded_at: '2026-11-03T09:00:00.000Z',
    };
    expect(store().markStale(mark)).toStrictEqual({ ...mark, successor_document_id: null });
    store().markStale({ ...mark, successor_document_id: 'adr-021-acme-tls', marked_at: '2026-11-02T09:00:00.000Z' });
    store().markStale({ document_id: 'runbook-old', reason: 'replaced', marked_by: 'u-minjun', marked_at: '2026-10-01T00:00:00.000Z' });
    expect(
      store()
        .listStaleMarks()
        .map((entry) => [entry.document_id, entry.successor_document_id]),
    ).toEqual([
      ['adr-013-cert-manager-tls', 'adr-021-acme-tls'],
      ['runbook-old', null],
    ]);
    expect(store().unmarkStale(unmark)).toMatchObject({ action: 'unmark', reason: 'ADR 021 was rolled back', recorded_by: 'u-jiho' });
    expect(store().unmarkStale(unmark)).toBeNull();
    expect(
      store()
        .listStaleMarks()
        .map((entry) => entry.document_id),
    ).toEqual(['runbook-old']);
    expect(
      store()
        .staleMarkHistory('adr-013-cert-manager-tls')
        .map((entry) => [entry.action, entry.recorded_by, entry.successor_document_id]),
    ).toEqual([
      ['mark', 'u-seoyeon', null],
      ['mark', 'u-seoyeon', 'adr-021-acme-tls'],
      ['unmark', 'u-jiho', null],
    ]);
  });

  it('refuses a stale mark without a reason', () => {
    const error = errorOf(() => store().markStale({ document_id: 'adr-1', reason: '', marked_by: 'u', marked_at: '2026-01-01' }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('reason');
  });

  it('saves, reads, replaces, lists and deletes saved queries', () => {
    const query = {
      id: 'service-owners',
      name: 'Service owners',
      cypher: 'MATCH (s:Service)-[:OWNED_BY]->(o:Owner) RETURN s, o LIMIT $top_k',
      created_at: '2026-11-01T00:00:00.000Z',
    };
    expect(store().saveQuery(query)).toStrictEqual({ ...query, description: '', parameters: [] });
    store().saveQuery({ ...query, parameters: ['service'], description: 'by service' });
    store().saveQuery({ ...query, id: 'api-paths', name: 'API paths' });
    expect(store().getSavedQuery('service-owners')).toMatchObject({ parameters: ['service'], description: 'by service' });
    expect(
      store()
        .listSavedQueries()
        .map((entry) => entry.id),
    ).toEqual(['api-paths', 'service-owners']);
    expect(store().deleteSavedQuery('api-paths')).toBe(true);
    expect(store().deleteSavedQuery('api-paths')).toBe(false);
    expect(store().getSavedQuery('api-paths')).toBeNull();
  });

  it('refuses a saved query whose name holds a control character, or a principal whose display name does, naming the field and the character, and keeps none', () => {
    const query = { id: 'owners', name: 'Service\u0007 owners', cypher: 'RETURN 1', created_at: '2026-01-01' };
    const error = errorOf(() => store().saveQuery(query));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('name: holds the control character U+0007 at character 8');
    expect(store().getSavedQuery('owners')).toBeNull();
    // A description is several lines, with tabs, and Cypher is code, kept as given; a name is one line.
    store().saveQuery({ ...query, name: 'Service owners', cypher: 'MATCH (s)\n\tRETURN\u001cs', description: 'by\nservice' });
    expect(errorOf(() => store().saveQuery({ ...query, name: 'Service\nowners' })).message).toContain(
      'name: holds a line break or tab (U+000A)',
    );
    const principal = { principal_id: 'u-min', workspace_id: 'ws-nurion', display_name: 'Min\u001b[2Jjun' };
    expect(errorOf(() => store().upsertPrincipals([principal], 'local')).message).toContain(
      'display_name: holds the control character U+001B at character 4',
    );
    expect(store().getPrincipal('u-min')).toBeNull();
  });

  it('refuses a saved query id that is not lowercase letters, digits and dashes', () => {
    const error = errorOf(() => store().saveQuery({ id: 'Bad Id', name: 'x', cypher: 'RETURN 1', created_at: '2026-01-01' }));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toContain('id');
  });
});
