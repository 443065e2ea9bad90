import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { StaleMark } from '../../../shared/trace-record';
import { formatRunTime } from '../../app/time-format';
import type { AdrEntry } from '../../../shared/adr-marks';
import { useLensClient } from '../../app/lens-client-context';
import { adrName } from './adr-filter';
import type { MarkRequest } from './MarkForm';

/** The state of marking: whether a change is being saved, what the last one did, and what failed. */
export interface AdrMarking {
  readonly busy: boolean;
  readonly done: string | null;
  readonly failure: unknown;
  /** How many changes were saved: the history lists read again when it moves. */
  readonly version: number;
  readonly submit: (entry: AdrEntry, request: MarkRequest) => void;
  readonly dismiss: () => void;
}

/**
 * What a saved mark or unmark says: for a mark that replaced one in force (made meanwhile from another window or the
 * CLI, while this screen still offered Mark), whose mark it replaced, when and why, so it is not lost without a word.
 */
export function markDoneText(t: TFunction, adr: string, action: 'mark' | 'unmark', replaced: StaleMark | null): string {
  if (action === 'unmark') return t('unmarked_done', { adr });
  if (!replaced) return t('marked_done', { adr });
  return t('marked_done_replaced', { adr, by: replaced.marked_by, at: formatRunTime(replaced.marked_at), reason: replaced.reason });
}

/** Marks or unmarks through adr.mark / adr.unmark, then calls `onSaved` so the listing is read again. */
export function useAdrMarking(onSaved: () => void): AdrMarking {
  const { t } = useTranslation('adrs');
  const client = useLensClient();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const submit = (entry: AdrEntry, request: MarkRequest) => {
    setBusy(true);
    setDone(null);
    setFailure(null);
    const saved =
      request.action === 'mark'
        ? client['adr.mark']({
            adr: entry.document_id,
            reason: request.reason,
            ...(request.successor ? { successor: request.successor } : {}),
          })
        : client['adr.unmark']({ adr: entry.document_id, reason: request.reason });
    saved.then(
      (result) => {
        setBusy(false);
        setDone(markDoneText(t, adrName(entry), request.action, result.replaced ?? null));
        setVersion((current) => current + 1);
        onSaved();
      },
      (error: unknown) => {
        setBusy(false);
        setFailure(error);
      },
    );
  };
  return { busy, done, failure, version, submit, dismiss: () => setFailure(null) };
}
