import { describe, expect, it } from 'vitest';
import {
  connectionKey,
  readResultView,
  readStoredState,
  stateKey,
  writeResultView,
  writeStoredState,
  type KeyValueStorage,
} from '../../renderer/app/stored-state';

/** An in-memory storage, like localStorage. */
function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { entries: Map<string, string> } {
  const entries = new Map(Object.entries(initial));
  return { entries, getItem: (key) => entries.get(key) ?? null, setItem: (key, value) => void entries.set(key, value) };
}

const DEMO = connectionKey('bolt://127.0.0.1:17687', null);
const OTHER = connectionKey('neo4j+s://graph.example.com:7687', 'kb');

describe('connectionKey', () => {
  it('leaves the credentials and query parameters of the URI out', () => {
    expect(connectionKey('bolt://alice:secret@db.example:7687?password=x', 'neo4j')).toBe('bolt://db.example:7687|neo4j');
    expect(connectionKey('bolt://***@db.example:7687', null)).toBe('bolt://db.example:7687|');
  });

  it('tells apart two databases of one server, and two servers', () => {
    expect(connectionKey('bolt://db:7687', 'a')).not.toBe(connectionKey('bolt://db:7687', 'b'));
    expect(connectionKey('bolt://db:7687', null)).not.toBe(connectionKey('bolt://db2:7687', null));
    expect(connectionKey('bolt://db:7687/', undefined)).toBe(connectionKey('bolt://db:7687', null));
  });
});

describe('the state kept per connection', () => {
  it('reads back what was written, for that connection only', () => {
    const storage = memoryStorage();
    writeStoredState(storage, DEMO, { screen: 'traces', form: { query: 'failover', principalId: 'u-sora' } });
    writeStoredState(storage, OTHER, { screen: 'adrs' });
    expect(readStoredState(storage, DEMO)).toEqual({ screen: 'traces', form: { query: 'failover', principalId: 'u-sora' } });
    expect(readStoredState(storage, OTHER)).toEqual({ screen: 'adrs' });
  });

  it('merges a change into what is stored, keeping the other fields', () => {
    const storage = memoryStorage();
    writeStoredState(storage, DEMO, { form: { query: 'kafka' } });
    writeStoredState(storage, DEMO, { screen: 'graph' });
    expect(readStoredState(storage, DEMO)).toEqual({ screen: 'graph', form: { query: 'kafka' } });
  });

  it('keeps the trace id of the run on display, forgets it when none is shown, and drops one that is not an id', () => {
    const storage = memoryStorage();
    writeStoredState(storage, DEMO, { screen: 'workbench', run: '3b3791c1-6443-435d-b86b-89ec716d3e31' });
    expect(readStoredState(storage, DEMO)).toEqual({ screen: 'workbench', run: '3b3791c1-6443-435d-b86b-89ec716d3e31' });
    writeStoredState(storage, DEMO, { run: undefined });
    expect(readStoredState(storage, DEMO)).toEqual({ screen: 'workbench' });
    for (const run of [42, '', { id: 'x' }]) {
      storage.setItem(stateKey(DEMO), JSON.stringify({ screen: 'graph', run }));
      expect(readStoredState(storage, DEMO)).toEqual({ screen: 'graph' });
    }
  });

  it('writes the key with its version, and never a credential', () => {
    const storage = memoryStorage();
    writeStoredState(storage, connectionKey('bolt://alice:secret@db:7687', null), { screen: 'workbench' });
    const [key] = [...storage.entries.keys()];
    expect(key).toBe(stateKey('bolt://db:7687|'));
    expect(key).toMatch(/^lens\.state\.v1:/);
    expect(key).not.toContain('secret');
  });

  it('ignores damaged, foreign or invalid state instead of failing', () => {
    expect(readStoredState(memoryStorage({ [stateKey(DEMO)]: '{not json' }), DEMO)).toEqual({});
    expect(readStoredState(memoryStorage({ [stateKey(DEMO)]: '[1,2]' }), DEMO)).toEqual({});
    expect(readStoredState(memoryStorage({ [stateKey(DEMO)]: '"workbench"' }), DEMO)).toEqual({});
    // A screen that no longer exists and a form of the wrong shape are dropped; what is valid stays.
    expect(
      readStoredState(memoryStorage({ [stateKey(DEMO)]: JSON.stringify({ screen: 'dashboard', form: { query: 'x' } }) }), DEMO),
    ).toEqual({
      form: { query: 'x' },
    });
    expect(readStoredState(memoryStorage({ [stateKey(DEMO)]: JSON.stringify({ screen: 'compare', form: 'x' }) }), DEMO)).toEqual({
      screen: 'compare',
    });
  });

  it('ignores state stored under an older version of the key', () => {
    const storage = memoryStorage({ [`lens.state.v0:${DEMO}`]: JSON.stringify({ screen: 'traces' }) });
    expect(readStoredState(storage, DEMO)).toEqual({});
  });

  it('remembers nothing without storage or an unknown connection, and survives a storage that throws', () => {
    expect(readStoredState(null, DEMO)).toEqual({});
    const storage = memoryStorage();
    writeStoredState(storage, null, { screen: 'traces' });
    expect(storage.entries.size).toBe(0);
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeStoredState(refusing, DEMO, { screen: 'traces' })).not.toThrow();
    expect(readStoredState(refusing, DEMO)).toEqual({});
  });
});

describe('the results view', () => {
  it('is cards until the table is chosen, and remembers the choice', () => {
    const storage = memoryStorage();
    expect(readResultView(storage)).toBe('cards');
    writeResultView(storage, 'table');
    expect(readResultView(storage)).toBe('table');
    writeResultView(storage, 'cards');
    expect(readResultView(storage)).toBe('cards');
  });

  it('keeps the table’s sort and filter per connection, and drops a table entry that is not an object', () => {
    const storage = memoryStorage();
    const table = { sort: 'tokens', direction: 'descending', text: 'kafka', type: '', freshness: 'stale' };
    writeStoredState(storage, DEMO, { table });
    writeStoredState(storage, DEMO, { screen: 'workbench' });
    expect(readStoredState(storage, DEMO)).toEqual({ screen: 'workbench', table });
    expect(readStoredState(storage, OTHER)).toEqual({});
    expect(readStoredState(memoryStorage({ [stateKey(DEMO)]: JSON.stringify({ screen: 'graph', table: 'tokens' }) }), DEMO)).toEqual({
      screen: 'graph',
    });
  });

  it('reads an unknown stored view as cards', () => {
    expect(readResultView(memoryStorage({ 'lens.workbench-view.v1': 'grid' }))).toBe('cards');
  });
});
