import { describe, expect, it } from 'vitest';
import { graphError } from '../../../electron/graph/graph-errors';

const driverError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('graphError', () => {
  it('masks credentials of the URI in the sentence of an outage', () => {
    const error = graphError(driverError('ServiceUnavailable', 'connect ECONNREFUSED'), { uri: 'bolt://reader:hunter2@db.example:7687' });
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('db.example:7687');
    expect(JSON.stringify(error.toData())).not.toContain('hunter2');
  });

  it('masks credentials of the URI when the server refuses the account', () => {
    const error = graphError(driverError('Neo.ClientError.Security.Unauthorized', 'bad credentials'), {
      uri: 'neo4j://reader:hunter2@db.example',
    });
    expect(error.message).not.toContain('hunter2');
  });

  it('keeps only the classification of an untrusted query that failed while it ran', () => {
    const error = graphError(
      driverError('Neo.ClientError.Statement.ArgumentError', 'Can\'t coerce `String("Salary bands 2026")` to Integer'),
      { uri: 'bolt://127.0.0.1:7687', query: 'untrusted', untrusted: true },
    );
    expect(JSON.stringify(error.toData())).not.toContain('Salary bands');
    expect(error.detail).toBe('Neo.ClientError.Statement.ArgumentError');
  });
});
