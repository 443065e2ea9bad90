import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdrEntry } from '../../../shared/adr-marks';
import { predecessorsOf } from './adr-chain-elements';
import { adrName } from './adr-filter';

/** What the form asks for: a mark (reason, optional successor) or an unmark (reason). */
export interface MarkRequest {
  readonly action: 'mark' | 'unmark';
  readonly reason: string;
  readonly successor: string | null;
}

interface MarkFormProps {
  readonly entry: AdrEntry;
  readonly action: 'mark' | 'unmark';
  /** The ADRs a successor can be chosen from. */
  readonly adrs: readonly AdrEntry[];
  readonly initialSuccessor: string | null;
  readonly busy: boolean;
  readonly onSubmit: (request: MarkRequest) => void;
  readonly onCancel: () => void;
}

/** Marks an ADR stale, or lifts its mark, in place: a reason is required, a successor optional (marks only). */
export function MarkForm({ entry, action, adrs, initialSuccessor, busy, onSubmit, onCancel }: MarkFormProps) {
  const { t } = useTranslation('adrs');
  // Neither the record itself nor any record earlier in its chain can be its successor (the server refuses the loop).
  const earlier = useMemo(() => predecessorsOf(entry.document_id, adrs), [entry.document_id, adrs]);
  const candidates = adrs.filter((candidate) => candidate.document_id !== entry.document_id && !earlier.has(candidate.document_id));
  const leftOut = adrs.filter((candidate) => earlier.has(candidate.document_id)).map(adrName);
  const offered = (id: string | null) => id !== null && candidates.some((candidate) => candidate.document_id === id);
  const [reason, setReason] = useState('');
  const [successor, setSuccessor] = useState(offered(initialSuccessor) ? (initialSuccessor ?? '') : '');
  const [missing, setMissing] = useState(false);
  const name = adrName(entry);
  const leftOutId = useId();
  // Opened from a card's button (or a suggestion's), the form takes the focus where typing starts.
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reasonBox.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    onSubmit({ action, reason: reason.trim(), successor: action === 'mark' && successor !== '' ? successor : null });
  };
  return (
    <form
      className="adr-mark-form"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || busy) return;
        event.preventDefault();
        onCancel();
      }}
      data-testid="adr-mark-form"
      data-action={action}
    >
      <p className="adr-mark-form-title">
        <strong>{t(action === 'mark' ? 'mark_title' : 'unmark_title', { adr: name })}</strong>
      </p>
      <label>
        {t('reason_label')}
        <textarea
          ref={reasonBox}
          value={reason}
          rows={2}
          placeholder={t(action === 'mark' ? 'reason_placeholder' : 'unmark_reason_placeholder')}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
          aria-invalid={missing}
          data-testid="adr-reason"
        />
      </label>
      {missing ? (
        <p className="adr-form-problem" role="alert">
          {t('reason_missing')}
        </p>
      ) : null}
      {action === 'mark' ? (
        <label>
          {t('successor_label')}{' '}
          <select
            value={successor}
            onChange={(event) => setSuccessor(event.target.value)}
            aria-describedby={leftOut.length > 0 ? leftOutId : undefined}
            data-testid="adr-successor"
          >
            <option value="">{t('successor_none')}</option>
            {candidates.map((candidate) => (
              <option key={candidate.document_id} value={candidate.document_id}>
                {adrName(candidate)}
                {candidate.title ? ` — ${candidate.title}` : ''}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {action === 'mark' && leftOut.length > 0 ? (
        <p id={leftOutId} className="muted" data-testid="adr-successor-left-out">
          {t('successor_earlier_left_out', { earlier: leftOut.join(', '), adr: name })}
        </p>
      ) : null}
      <div className="adr-form-buttons">
        <button type="submit" className="primary" disabled={busy} data-testid="adr-mark-submit">
          {busy ? t('saving') : t(action === 'mark' ? 'save_mark' : 'save_unmark')}
        </button>
        <button type="button" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
