import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      () => {
        setBusy(false);
        setDone(t(request.action === 'mark' ? 'marked_done' : 'unmarked_done', { adr: adrName(entry) }));
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
