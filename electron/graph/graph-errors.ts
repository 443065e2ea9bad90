import { redactUri } from '../../shared/redact-uri';
import { LensError } from '../../shared/lens-error';

interface DriverErrorShape {
  code?: string;
  message?: string;
  gqlStatus?: string;
}

/** Where a failure happened, and whether the query was an untrusted text that was running. */
export interface GraphErrorContext {
  readonly uri: string;
  readonly query?: string;
  /**
   * True for an untrusted text (a template, Text2Cypher, an analyst's Cypher) that passed the guard
   * and was running: the server's message can then quote graph data (a failed conversion echoes the
   * value it read), so only the error's code and kind are kept, never its message.
   */
  readonly untrusted?: boolean;
}

function isUnavailable(code: string, message: string): boolean {
  return (
    code === 'ServiceUnavailable' ||
    code === 'SessionExpired' ||
    /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|socket hang up|Connection was closed/i.test(message)
  );
}

function isTimeout(code: string, message: string): boolean {
  return (
    code.startsWith('Neo.ClientError.Transaction.TransactionTimedOut') ||
    code === 'Neo.TransientError.Transaction.LockClientStopped' ||
    (/timed out|exceeded the timeout/i.test(message) && code.includes('Transaction'))
  );
}

/**
 * The error an untrusted running query gets: the kind and the server's code (a classification such
 * as Neo.ClientError.Statement.ArgumentError), a generic sentence, and no message, detail or cause
 * that could carry what the query read.
 */
function withheldError(code: string, about: string): LensError {
  const classification = /^[A-Za-z.]+$/.test(code) ? code : 'an unclassified error';
  if (code === 'Neo.ClientError.Statement.AccessMode' || code === 'Neo.ClientError.Security.Forbidden') {
    return new LensError('refused', `The server refused the query in read access mode${about}: it would write.`, {
      hint: 'The workbench only reads the graph.',
      detail: classification,
    });
  }
  return new LensError(
    'invalid_input',
    `Neo4j stopped the query while it ran${about} (${classification}). The server's message is withheld because it can quote graph data this principal may not see.`,
    {
      hint: 'Fix the query or its parameters; run it as a principal who may see the data to read the full error.',
      detail: classification,
    },
  );
}

/**
 * Turns a driver or server failure into an error a user can act on. Outages and timeouts keep
 * their own kinds so they are never mistaken for an empty answer.
 */
export function graphError(error: unknown, where: GraphErrorContext): LensError {
  if (error instanceof LensError) return error;
  const { code = '', message = String(error) } = (error ?? {}) as DriverErrorShape;
  // A gateway opened on a URI with credentials (tests, scripts) must not put them in a sentence.
  where = { ...where, uri: redactUri(where.uri) };
  const about = where.query ? ` (query ${where.query})` : '';
  // An untrusted query keeps only its classification: no server text in message, detail or cause.
  const detail = where.untrusted ? code || undefined : message;
  const cause = where.untrusted ? undefined : error;
  if (isUnavailable(code, message)) {
    return new LensError('unavailable', `Neo4j at ${where.uri} is unreachable${about}.`, {
      hint: 'Check that the server runs (`lens neo4j status` for the demo server) and that NEO4J_URI is right.',
      detail,
      cause,
    });
  }
  if (isTimeout(code, message)) {
    return new LensError('timeout', `Neo4j stopped the query at its deadline${about}.`, {
      hint: 'Give the request a larger timeout, or narrow the query.',
      detail,
      cause,
    });
  }
  if (code === 'Neo.ClientError.Security.Unauthorized' || code === 'Neo.ClientError.Security.AuthenticationRateLimit') {
    return new LensError('unavailable', `Neo4j at ${where.uri} refused the credentials.`, {
      hint: 'Set NEO4J_USER and NEO4J_PASSWORD to an account of that server.',
      detail,
      cause,
    });
  }
  if (where.untrusted) return withheldError(code, about);
  return trustedQueryError(code, message, about, error, where.uri);
}

/** The error of one of the app's own queries, or of an untrusted text at EXPLAIN time: the server's message is kept. */
function trustedQueryError(code: string, message: string, about: string, error: unknown, uri: string): LensError {
  if (code === 'Neo.ClientError.Statement.AccessMode' || code === 'Neo.ClientError.Security.Forbidden') {
    return new LensError('refused', `The server refused the query in read access mode${about}: it would write.`, {
      hint: 'The workbench only reads the graph; remove the writing clauses.',
      detail: message,
      cause: error,
    });
  }
  if (
    code.startsWith('Neo.ClientError.Statement') ||
    code.startsWith('Neo.ClientError.Procedure') ||
    code.startsWith('Neo.ClientError.Schema')
  ) {
    return new LensError('invalid_input', `Neo4j rejected the query${about}: ${firstLine(message)}`, {
      hint: 'Fix the query text or its parameters.',
      detail: message,
      cause: error,
    });
  }
  if (code === 'Neo.ClientError.Database.DatabaseNotFound') {
    return new LensError('invalid_input', `The database does not exist on ${uri}: ${firstLine(message)}`, {
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
