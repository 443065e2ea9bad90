import { describe, expect, it } from 'vitest';
import { otherGraphCheck } from '../../../electron/compare/leak-check';

describe('otherGraphCheck: stored runs are judged only on the server they were recorded on', () => {
  it('checks a run recorded through localhost on a connection to 127.0.0.1 (one server)', () => {
    const runs = [
      { trace_id: 'a', graph_uri: 'bolt://localhost:7687' },
      { trace_id: 'b', graph_uri: 'bolt://127.0.0.1:7687' },
    ];
    expect(otherGraphCheck(runs, 'bolt://127.0.0.1:7687')).toBeNull();
    expect(otherGraphCheck(runs, 'neo4j://user:secret@localhost')).toBeNull();
  });

  it('fails naming the run, the server it was recorded on and this one, without credentials', () => {
    const check = otherGraphCheck([{ trace_id: 'a', graph_uri: 'neo4j+s://prod.example.com:7687' }], 'bolt://user:secret@localhost:7687');
    expect(check).toMatchObject({ state: 'failed', error: { kind: 'invalid_input' } });
    const message = check?.state === 'failed' ? check.error.message : '';
    expect(message).toContain('prod.example.com');
    expect(message).toContain('a');
    expect(message).not.toContain('secret');
  });
});
