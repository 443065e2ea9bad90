import { describe, expect, inject, it } from 'vitest';
import type { QueryRunResult } from '../../shared/api/lens-api';
import type { ConnectReport } from '../../shared/connect-report';
import type { ProfileCheck } from '../../shared/settings-state';
import { DEFAULT_SCHEMA_PROFILE } from '../../shared/schema-profile';
import { useDemoHubDoor } from '../support/demo-hub-door';

const server = inject('neo4j');
/** A valid profile that names a chunk label the demo graph does not have. */
const PASSAGES = JSON.stringify({
  schema: { ...DEFAULT_SCHEMA_PROFILE, name: 'passages', labels: { ...DEFAULT_SCHEMA_PROFILE.labels, chunk: 'Passage' } },
});

describe('Settings reach the running services: retention after each run, a loaded profile at the next use', () => {
  const { hub, value } = useDemoHubDoor(server, 'lens-settings-services-');

  it('keeps only the newest max_runs runs as runs are recorded', async () => {
    await value('retention.save', { max_runs: 2 });
    const ids: string[] = [];
    for (const query of ['payments failover', 'redpanda consumer lag', 'cert-manager TLS']) {
      const result = await value<QueryRunResult>('query.run', { request: { query, principal: 'u-sora', mode: 'fulltext' } });
      ids.push(result.response.trace_id);
    }
    const listed = await value<{ total: number; runs: { trace_id: string }[] }>('traces.list', {});
    expect(listed.total).toBe(2);
    expect(listed.runs.map((run) => run.trace_id).sort()).toEqual(ids.slice(1).sort());
    await value('retention.save', {});
  });

  it('checks a profile file against the connected graph, naming each mismatch in words', async () => {
    const check = await value<ProfileCheck>('profile.validate', { content: PASSAGES, file_name: 'passages.json' });
    expect(check).toMatchObject({ valid: true, profile_name: 'passages', graph_problem: null });
    expect(check.mismatches?.map((entry) => entry.subject)).toContain('label Passage');
    expect(check.mismatches?.find((entry) => entry.subject === 'label Passage')?.message).toMatch(/The graph has no :Passage nodes/);
  });

  it('uses a loaded profile from the next call on, and the default again once it is forgotten', async () => {
    await value('profile.load', { content: PASSAGES, file_name: 'passages.json' });
    expect(hub().services().deps.profile.name).toBe('passages');
    expect((await value<ConnectReport>('connect.report', {})).profile).toBe('passages');
    await value('profile.load', { content: null });
    expect(hub().services().deps.profile.name).toBe(DEFAULT_SCHEMA_PROFILE.name);
  });
});
