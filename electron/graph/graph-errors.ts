import { redactUri } from '../../shared/redact-uri';
import { codedError } from '../../shared/coded-error';
import type { CoreParam } from '../../shared/core-message';
import { serverError } from '../../shared/errors/server-error-messages';
import { stageAbout } from '../../shared/stage-actions';
import { LensError } from '../../shared/lens-error';

interface DriverErrorShape {
  code?: string;
  message?: string;
  gqlStatus?: string;
}

/** Where a failure happened, and whether the query was an untrusted text that was running. */
export interface GraphErrorContext {
  readonly uri: string;
  /** The query's own name (`principal-and-graph-marker`): kept in the detail, never in the sentence a user reads. */
  readonly query?: string;
  /** What the read was for (its stage: `principal`, `fulltext`, `connect`…), said in the user's words where it is known. */
  readonly stage?: string;
  /**
   * True for an untrusted text (a template, Text2Cypher, an analyst's Cypher) that passed the guard
   * and was running: the server's message can then quote graph data (a failed conversion echoes the
   * value it read), so only the error's code and kind are kept, never its message.
   */
  readonly untrusted?: boolean;
}

/** The clause saying what the app was doing, in the user's words: ` (while reading the principal and what it may see)`, or nothing. */
function actionClause(where: GraphErrorContext): CoreParam {
  return stageAbout(where.stage ?? where.query);
}

/**
 * The detail: the driver's words, after the query's own name (which the sentence leaves out). An
 * untrusted text's detail is its classification alone (its name is always "untrusted").
 */
function detailOf(where: GraphErrorContext, words: string | undefined): string | undefined {
  if (!where.query || where.untrusted) return words;
  return words ? `query ${where.query}: ${words}` : `query ${where.query}`;
}

function isUnavailable(code: string, message: string): boolean {
  return (
    code === 'ServiceUnavailable' ||
    code === 'SessionExpired' ||
    // A server that accepts the connection and never speaks Bolt leaves the pool waiting for one.
    /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|socket hang up|Connection was closed|Connection acquisition timed out|Connection establishment timed out/i.test(
      message,
    )
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
function withheldError(code: string, about: CoreParam, where: GraphErrorContext): LensError {
  const classified = /^[A-Za-z.]+$/.test(code);
  // The detail stays English: it is what a log or a bug report quotes.
  const detail = detailOf(where, classified ? code : 'an unclassified error');
  if (code === 'Neo.ClientError.Statement.AccessMode' || code === 'Neo.ClientError.Security.Forbidden') {
    return codedError('refused', serverError('would_write', { about }), { hint: serverError('would_write_untrusted_hint'), detail });
  }
  const classification = classified ? code : [serverError('unclassified_part')];
  return codedError('invalid_input', serverError('query_withheld', { about, classification }), {
    hint: serverError('query_withheld_hint'),
    detail,
  });
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
  // What the app was doing, in the user's words; the query's own name only in the detail.
  const about = actionClause(where);
  // An untrusted query keeps only its classification: no server text in message, detail or cause.
  const detail = detailOf(where, where.untrusted ? code || undefined : message);
  const cause = where.untrusted ? undefined : error;
  if (isUnavailable(code, message)) {
    return codedError('unavailable', serverError('unreachable', { uri: where.uri, about }), {
      hint: serverError('unreachable_hint'),
      detail,
      cause,
    });
  }
  if (isTimeout(code, message)) {
    return codedError('timeout', serverError('server_deadline', { about }), { hint: serverError('server_deadline_hint'), detail, cause });
  }
  if (code === 'Neo.ClientError.Security.Unauthorized' || code === 'Neo.ClientError.Security.AuthenticationRateLimit') {
    return codedError('unavailable', serverError('credentials_refused', { uri: where.uri }), {
      hint: serverError('credentials_refused_hint'),
      detail,
      cause,
    });
  }
  if (where.untrusted) return withheldError(code, about, where);
  return trustedQueryError(code, message, about, error, where);
}

/** The error of one of the app's own queries, or of an untrusted text at EXPLAIN time: the server's message is kept. */
function trustedQueryError(code: string, message: string, about: CoreParam, error: unknown, where: GraphErrorContext): LensError {
  const detail = detailOf(where, message);
  const uri = where.uri;
  if (code === 'Neo.ClientError.Statement.AccessMode' || code === 'Neo.ClientError.Security.Forbidden') {
    return codedError('refused', serverError('would_write', { about }), {
      hint: serverError('would_write_hint'),
      detail,
      cause: error,
    });
  }
  if (
    code.startsWith('Neo.ClientError.Statement') ||
    code.startsWith('Neo.ClientError.Procedure') ||
    code.startsWith('Neo.ClientError.Schema')
  ) {
    return codedError('invalid_input', serverError('query_rejected', { about, server: firstLine(message) }), {
      hint: serverError('query_rejected_hint'),
      detail,
      cause: error,
    });
  }
  if (code === 'Neo.ClientError.Database.DatabaseNotFound') {
    return codedError('invalid_input', serverError('no_database', { uri, server: firstLine(message) }), {
      hint: serverError('no_database_hint'),
      detail,
      cause: error,
    });
  }
  return codedError('internal', serverError('neo4j_failed', { about, server: firstLine(message) }), {
    detail: detailOf(where, `${code} ${message}`.trim()),
    cause: error,
  });
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
