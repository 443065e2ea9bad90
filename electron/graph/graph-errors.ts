import { LensError } from '../../shared/lens-error';

interface DriverErrorShape {
  code?: string;
  message?: string;
  gqlStatus?: string;
}

/**
 * Turns a driver or server failure into an error a user can act on. Outages and timeouts keep
 * their own kinds so they are never mistaken for an empty answer.
 */
export function graphError(error: unknown, where: { uri: string; query?: string }): LensError {
  if (error instanceof LensError) return error;
  const { code = '', message = String(error) } = (error ?? {}) as DriverErrorShape;
  const about = where.query ? ` (query ${where.query})` : '';
  if (code === 'ServiceUnavailable' || code === 'SessionExpired' || /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|socket hang up|Connection was closed/i.test(message)) {
    return new LensError('unavailable', `Neo4j at ${where.uri} is unreachable${about}.`, {
      hint: 'Check that the server runs (`lens neo4j status` for the demo server) and that NEO4J_URI is right.',
      detail: message,
      cause: error,
    });
  }
  if (code.startsWith('Neo.ClientError.Transaction.TransactionTimedOut') || code === 'Neo.TransientError.Transaction.LockClientStopped' || /timed out|exceeded the timeout/i.test(message) && code.includes('Transaction')) {
    return new LensError('timeout', `Neo4j stopped the query at its deadline${about}.`, {
      hint: 'Give the request a larger timeout, or narrow the query.',
      detail: message,
      cause: error,
    });
  }
  if (code === 'Neo.ClientError.Security.Unauthorized' || code === 'Neo.ClientError.Security.AuthenticationRateLimit') {
    return new LensError('unavailable', `Neo4j at ${where.uri} refused the credentials.`, {
      hint: 'Set NEO4J_USER and NEO4J_PASSWORD to an account of that server.',
      detail: message,
      cause: error,
    });
  }
  if (code === 'Neo.ClientError.Statement.AccessMode' || code === 'Neo.ClientError.Security.Forbidden') {
    return new LensError('refused', `The server refused the query in read access mode${about}: it would write.`, {
      hint: 'The workbench only reads the graph; remove the writing clauses.',
      detail: message,
      cause: error,
    });
  }
  if (code.startsWith('Neo.ClientError.Statement') || code.startsWith('Neo.ClientError.Procedure') || code.startsWith('Neo.ClientError.Schema')) {
    return new LensError('invalid_input', `Neo4j rejected the query${about}: ${firstLine(message)}`, {
      hint: 'Fix the query text or its parameters.',
      detail: message,
      cause: error,
    });
  }
  if (code === 'Neo.ClientError.Database.DatabaseNotFound') {
    return new LensError('invalid_input', `The database does not exist on ${where.uri}: ${firstLine(message)}`, {
      hint: 'Set NEO4J_DATABASE to an existing database, or unset it to use the default.',
      detail: message,
      cause: error,
    });
  }
  return new LensError('internal', `Neo4j failed${about}: ${firstLine(message)}`, { detail: `${code} ${message}`.trim(), cause: error });
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
