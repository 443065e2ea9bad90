import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdrEntry } from '../../../shared/adr-marks';
import { formatRunTime } from '../../app/time-format';
import { FreshnessBadge } from '../workbench/FreshnessBadge';
import { adrName, decidedDate, titleWithoutName } from './adr-filter';
import { AdrHistoryList } from './AdrHistoryList';
import { AdrSuggestions } from './AdrSuggestions';
import { MarkForm, type MarkRequest } from './MarkForm';

/** Which form a card has open, and the successor it starts with (from a suggestion). */
export interface OpenForm {
  readonly documentId: string;
  readonly action: 'mark' | 'unmark';
  readonly successor: string | null;
}

interface AdrCardProps {
  readonly entry: AdrEntry;
  readonly adrs: readonly AdrEntry[];
  readonly selected: boolean;
  readonly form: OpenForm | null;
  readonly historyOpen: boolean;
  readonly historyVersion: number;
  readonly busy: boolean;
  readonly onOpenForm: (form: OpenForm | null) => void;
  readonly onToggleHistory: () => void;
  readonly onSubmit: (entry: AdrEntry, request: MarkRequest) => void;
}

/** One ADR: id and title, status as written and normalised, date, freshness with its reason, successors, mark, suggestions, actions. */
export function AdrCard(props: AdrCardProps) {
  const { entry, adrs, selected, form, historyOpen, busy } = props;
  const { t } = useTranslation('adrs');
  const { t: word } = useTranslation('freshness');
  const nameOf = (documentId: string, adrId: string | null) => adrId ?? documentId;
  const adrIdOf = (documentId: string) =>
    entry.superseded_by.find((successor) => successor.document_id === documentId)?.adr_id ??
    adrs.find((adr) => adr.document_id === documentId)?.adr_id ??
    null;
  // The successor the mark in force names, when the graph's own edges do not already name it.
  const markSuccessorId = entry.mark?.successor_document_id ?? null;
  const markedSuccessor =
    markSuccessorId && !entry.superseded_by.some((successor) => successor.document_id === markSuccessorId) ? markSuccessorId : null;
  const open = (action: 'mark' | 'unmark', successor: string | null = null) =>
    props.onOpenForm({ documentId: entry.document_id, action, successor });
  // When the form closes (saved, cancelled, Escape) it takes the focused control with it: the focus
  // goes back to the card's mark or unmark button, unless it has moved elsewhere meanwhile.
  const card = useRef<HTMLLIElement>(null);
  const markButton = useRef<HTMLButtonElement>(null);
  const formWasOpen = useRef(false);
  const formOpen = form !== null;
  useEffect(() => {
    const closed = formWasOpen.current && !formOpen;
    formWasOpen.current = formOpen;
    const focused = document.activeElement;
    if (closed && (focused === null || focused === document.body || card.current?.contains(focused))) markButton.current?.focus();
  }, [formOpen]);
  return (
    <li
      ref={card}
      className={selected ? 'adr-card panel selected' : 'adr-card panel'}
      data-testid="adr-row"
      data-document-id={entry.document_id}
      data-state={entry.freshness.state}
      data-marked={entry.mark !== null}
      id={`adr-${entry.document_id}`}
    >
      <div className="adr-card-head">
        <h3>
          <span className="adr-id">{adrName(entry)}</span>{' '}
          {entry.title ? titleWithoutName(entry.title, adrName(entry)) : <span className="muted">{entry.document_id}</span>}
        </h3>
        <div className="adr-card-facts">
          <span data-testid="adr-status">
            {entry.status ? (
              <span className="badge decision">{word(`decision_${entry.status}`, { defaultValue: entry.status })}</span>
            ) : null}{' '}
            {entry.status_text ? <span className="muted">{t('status_as_written', { text: entry.status_text.split('\n')[0] })}</span> : null}
          </span>
          <span className="adr-date" title={entry.decided_at ?? undefined}>
            {entry.decided_at ? (
              entry.dated_by === 'proposal' ? (
                t('date_proposed', { date: decidedDate(entry.decided_at) })
              ) : (
                decidedDate(entry.decided_at)
              )
            ) : (
              <span className="muted">{t('no_date')}</span>
            )}
          </span>
        </div>
      </div>
      <div data-testid="adr-freshness">
        <FreshnessBadge freshness={entry.freshness} nameDocument={(documentId) => nameOf(documentId, adrIdOf(documentId))} />
      </div>
      {entry.mark ? (
        <p className="adr-mark" data-testid="adr-mark">
          {t('mark_in_force', { by: entry.mark.marked_by, at: formatRunTime(entry.mark.marked_at), reason: entry.mark.reason })}
        </p>
      ) : null}
      <p className="adr-successors">
        <span className="muted">{t('col_successors')}:</span>{' '}
        {entry.superseded_by.length === 0 && !markedSuccessor
          ? t('no_successors')
          : entry.superseded_by.map((successor) => (
              <span key={successor.document_id} className="adr-successor" data-testid="adr-successor-link">
                {nameOf(successor.document_id, successor.adr_id)}
                {successor.partial ? <span className="badge flag">{t('successor_partial')}</span> : null}
                {successor.drift ? <span className="badge flag drift">{t('successor_drift')}</span> : null}
              </span>
            ))}
        {markedSuccessor ? (
          <span className="adr-successor" data-testid="adr-marked-successor">
            {nameOf(markedSuccessor, adrIdOf(markedSuccessor))}
            <span className="badge flag">{t('successor_marked')}</span>
          </span>
        ) : null}
      </p>
      <AdrSuggestions entry={entry} onUse={(successor) => open('mark', successor)} />
      <div className="adr-actions">
        {entry.mark ? (
          <button type="button" ref={markButton} onClick={() => open('unmark')} data-testid="adr-unmark">
            {t('unmark')}
          </button>
        ) : (
          <button type="button" ref={markButton} onClick={() => open('mark')} data-testid="adr-mark-open">
            {t('mark')}
          </button>
        )}
        <button type="button" onClick={props.onToggleHistory} aria-expanded={historyOpen} data-testid="adr-history-toggle">
          {historyOpen ? t('hide_history') : t('history')}
        </button>
      </div>
      {form ? (
        <MarkForm
          key={`${form.action}-${form.successor ?? ''}`}
          entry={entry}
          action={form.action}
          adrs={adrs}
          initialSuccessor={form.successor}
          busy={busy}
          onSubmit={(request) => props.onSubmit(entry, request)}
          onCancel={() => props.onOpenForm(null)}
        />
      ) : null}
      {historyOpen ? <AdrHistoryList entry={entry} adrs={adrs} version={props.historyVersion} /> : null}
    </li>
  );
}
