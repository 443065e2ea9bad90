import neo4j, { type Driver, type Session } from 'neo4j-driver';
import type { Deadline } from '../../shared/deadline';
import { codedError } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { stageAbout, stageDeadlineHint } from '../../shared/stage-actions';
import type { LensError } from '../../shared/lens-error';
import { defineQuery } from './built-in-query';

/**
 * How long past the deadline the client waits for the server's own timeout error before it gives
 * up by itself. Small: the server gets the remaining time as its transaction timeout, so its
 * answer is due at the deadline; past it only a stuck or frozen server is still silent.
 */
export const CLIENT_GRACE_MS = 100;
/** The most a clean-up step (terminating a read, closing its session) may take, after the answer went out. */
const CLEANUP_TIMEOUT_MS = 5_000;

/** The metadata key that tags one read's transaction, so it can be found and terminated. */
export const READ_TAG_KEY = 'lens_read';

/**
 * Ends the transactions of one read by its tag. A user may terminate its own transactions, also in
 * a READ session (checked on Community 5.26); the server then fails the query at its next check.
 */
export const TERMINATE_TAGGED = defineQuery(
  'terminate-tagged-read',
  `SHOW TRANSACTIONS YIELD transactionId, metaData WHERE metaData.${READ_TAG_KEY} = $tag
   TERMINATE TRANSACTIONS transactionId YIELD transactionId AS id, message RETURN id, message`,
);

/**
 * The error of a read that outlived its deadline: what the app was doing in the user's words, what
 * helps at that stage, and the stage's own name in the detail (and as a parameter, for the run's record).
 */
export function deadlineError(stage: string): LensError {
  return codedError('timeout', serverError('stage_deadline', { stage, about: stageAbout(stage) }), {
    hint: stageDeadlineHint(stage),
    detail: `stage ${stage}`,
  });
}

/** The deadline passed before a read could start: the same words, the same help. */
export function deadlineBeforeError(stage: string): LensError {
  return codedError('timeout', serverError('deadline_before_stage', { stage, about: stageAbout(stage) }), {
    hint: stageDeadlineHint(stage),
    detail: `stage ${stage}`,
  });
}

/** The error of a read whose request was cancelled while it ran (or before it began), saying what the app was doing; the stage is the detail. */
export function cancelledError(stage: string): LensError {
  return codedError('cancelled', serverError('stage_cancelled', { stage, about: stageAbout(stage) }), { detail: stage });
}

/** The messages of a read stopped by its deadline or its cancellation: each names the read's stage. */
const READ_STOPPED = new Set<string>(
  (['deadline_before_stage', 'stage_deadline', 'stage_cancelled'] as const).map((code) => serverError(code).code),
);

/**
 * The stage a read that ran out of time, or was cancelled, was reading for (`principal` for a run's
 * principal check beside its graph search), as its message names it; undefined for any other error.
 */
export function stoppedReadStage(error: LensError): string | undefined {
  const stage = error.said && READ_STOPPED.has(error.said.code) ? error.said.params?.stage : undefined;
  return typeof stage === 'string' ? stage : undefined;
}

/**
 * Races `work` against the deadline (plus the small grace) and its cancellation: the caller gets its
 * answer at the deadline, or at once when cancelled, whatever the server does. `onExpired` runs when the deadline or the cancellation wins (to terminate the
 * server's transaction); the abandoned work's own outcome is dropped on purpose, since the caller
 * already has its answer.
 */
export async function raceDeadline<T>(deadline: Deadline, stage: string, work: Promise<T>, onExpired: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onCancel: (() => void) | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onExpired();
      reject(deadlineError(stage));
    }, deadline.remainingMs() + CLIENT_GRACE_MS);
    // A cancelled request ends its read the same way: the caller is answered, the server's transaction terminated.
    onCancel = () => {
      onExpired();
      reject(cancelledError(stage));
    };
    if (deadline.cancelled()) onCancel();
    else deadline.signal?.addEventListener('abort', onCancel, { once: true });
  });
  try {
    const value = await Promise.race([work, expired]);
    // The work can win the race after the deadline: while the event loop decoded a huge result (a
    // ten-million-element list an untrusted query returned) no timer could fire. Late is a timeout.
    if (deadline.overdueMs() > CLIENT_GRACE_MS) {
      onExpired();
      throw deadlineError(stage);
    }
    return value;
  } finally {
    clearTimeout(timer);
    if (onCancel) deadline.signal?.removeEventListener('abort', onCancel);
    // The work may still fail later (the server ends the terminated query): nobody waits for it.
    work.catch(() => undefined);
  }
}

/**
 * Closes a session without making anyone wait: a session whose query still runs (or whose server is
 * frozen) can take as long as the server to close, and the answer must not wait for that.
 */
export function closeInBackground(session: Session): void {
  void Promise.race([session.close(), new Promise((resolve) => setTimeout(resolve, CLEANUP_TIMEOUT_MS).unref())]).catch(
    // A failure to close only concerns a connection the driver discards anyway.
    () => undefined,
  );
}

/**
 * Terminates the server transaction of the read tagged `tag`, in the background and bounded in time:
 * a frozen server must not hold the caller, and a server that answers stops computing for nobody.
 */
export function terminateInBackground(driver: Driver, database: string | undefined, tag: string): void {
  const session = driver.session({ defaultAccessMode: neo4j.session.READ, database });
  const terminating = session.run(
    TERMINATE_TAGGED.text,
    { tag },
    { timeout: CLEANUP_TIMEOUT_MS, metadata: { app: 'provenance-lens', stage: 'terminate' } },
  );
  void Promise.race([terminating, new Promise((resolve) => setTimeout(resolve, CLEANUP_TIMEOUT_MS).unref())])
    .catch(
      // Terminating is best effort: the server's own transaction timeout ends the read as well.
      () => undefined,
    )
    .finally(() => closeInBackground(session));
}
