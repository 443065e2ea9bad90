import { describe, expect, it } from 'vitest';
import type { ConnectReport } from '../../shared/connect-report';
import { demoInUse } from '../../renderer/screens/connect/demo-state';

/** The parts of a connect report the demo panel reads; the rest is not looked at. */
function report(uri: string): ConnectReport {
  return {
    uri,
    schema: {
      labels: [
        { label: 'Document', count: 42 },
        { label: 'Chunk', count: 300 },
      ],
      relationship_types: [],
      indexes: [],
      embedding: null,
      node_count: 512,
      relationship_count: 1024,
    },
  } as unknown as ConnectReport;
}

const demo = { source: 'demo', profile_id: null, uri: 'bolt://127.0.0.1:17687' } as const;

describe('whether Connect says the demo database is in use', () => {
  it('says so, with what the graph holds, when the demo is the connection and answered the report', () => {
    expect(demoInUse(demo, report('bolt://127.0.0.1:17687'))).toEqual({
      uri: 'bolt://127.0.0.1:17687',
      nodes: 512,
      relationships: 1024,
      documents: 42,
      holds: null,
    });
  });

  it('says what the loader put in it: the demo corpus, a folder of one’s own, or a load that stopped part way', () => {
    const withLoad = (source: string, finished: boolean): ConnectReport => {
      const made = report('bolt://127.0.0.1:17687');
      return { ...made, schema: { ...made.schema, loaded_from: { source, finished } } };
    };
    expect(demoInUse(demo, withLoad('demo corpus', true))?.holds).toEqual({ kind: 'demo', folder: 'demo corpus', finished: true });
    expect(demoInUse(demo, withLoad('/work/adrs', true))?.holds).toEqual({ kind: 'folder', folder: '/work/adrs', finished: true });
    expect(demoInUse(demo, withLoad('/work/adrs', false))?.holds).toEqual({ kind: 'folder', folder: '/work/adrs', finished: false });
  });

  it('offers to start it when the report did not come back (the demo server is stopped)', () => {
    expect(demoInUse(demo, null)).toBeNull();
  });

  it('offers to start it when another graph is the connection, even one that answered', () => {
    for (const source of ['environment', 'profile', 'none'] as const)
      expect(demoInUse({ source, profile_id: null, uri: 'bolt://db.example:7687' }, report('bolt://db.example:7687'))).toBeNull();
    expect(demoInUse(null, report('bolt://db.example:7687'))).toBeNull();
  });

  it('counts no documents when the graph has no Document label', () => {
    const empty = report('bolt://127.0.0.1:17687');
    expect(demoInUse(demo, { ...empty, schema: { ...empty.schema, labels: [] } })?.documents).toBe(0);
  });
});
