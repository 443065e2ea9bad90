import { useTranslation } from 'react-i18next';
import type { DeniedCount, DeniedKind, FilterNote } from '../../../shared/context-contract';
import { deniedKindCode, deniedMessage, filterNoteMessage, wordedParams } from '../../../shared/denied-messages';
import { deniedHeadline } from '../../../shared/denied-summary';

/** The order the kinds are listed in: the principal's rule first, then what the request itself asked to leave out. */
const KIND_ORDER: readonly DeniedKind[] = ['access', 'filter', 'freshness', 'relevance'];

const uiLanguage = (language: string): 'en' | 'ko' => (language.startsWith('ko') ? 'ko' : 'en');

/** One count: its kind, its figure ("98 of 318") and, in words, what it counts and where. */
function DeniedRow({ entry }: { entry: DeniedCount }) {
  const { t, i18n } = useTranslation('denied');
  const message = deniedMessage(entry);
  const figure = entry.of === undefined ? t('figure', { count: entry.count }) : t('figure_of', { count: entry.count, of: entry.of });
  return (
    <li className="wb-denied-row" data-testid="denied-row" data-kind={entry.kind} data-counts={entry.counts} data-count={entry.count}>
      <span className={`badge wb-denied-kind wb-denied-${entry.counts === 'unrecorded' ? 'unrecorded' : entry.kind}`}>
        {t(deniedKindCode(entry))}
      </span>{' '}
      <strong className="mono">{figure}</strong>
      <span className="wb-denied-counts" data-testid="denied-counts">
        {t(message.code, wordedParams(message, uiLanguage(i18n.language)))}
      </span>
      <span className="wb-denied-stage mono muted">{entry.stage}</span>
    </li>
  );
}

/** A filter value that matches nothing in the graph, with the values the graph holds. */
function FilterNoteLine({ note }: { note: FilterNote }) {
  const { t, i18n } = useTranslation('denied');
  const message = filterNoteMessage(note, uiLanguage(i18n.language));
  return (
    <p className="wb-filter-note" role="note" data-testid="filter-note" data-filter={note.filter}>
      {t(message.code, message.params)}
    </p>
  );
}

/**
 * What was withheld, by kind (access, filter, freshness) and each count saying in words what it
 * counts: counts only, never the withheld content. The whole graph's access count is the figure to
 * compare across modes; a filter is never shown as access.
 */
export function DeniedSummary({
  denied,
  notes,
  partial,
}: {
  denied: readonly DeniedCount[];
  notes: readonly FilterNote[];
  partial: boolean;
}) {
  const { t } = useTranslation('workbench');
  const access = deniedHeadline(denied).access;
  const ordered = [...denied].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  return (
    <section
      className="panel wb-denied"
      aria-labelledby="wb-denied-heading"
      data-testid="denied-summary"
      data-access={access?.count}
      data-access-of={access?.of}
    >
      <h2 id="wb-denied-heading">{t('denied_heading')}</h2>
      {notes.map((note) => (
        <FilterNoteLine key={note.filter} note={note} />
      ))}
      {denied.length === 0 ? (
        <p className="muted">{t(partial ? 'denied_none_partial' : 'denied_none')}</p>
      ) : (
        <ul className="wb-denied-list">
          {ordered.map((entry) => (
            <DeniedRow key={`${entry.stage}:${entry.mechanism ?? ''}:${entry.kind}:${entry.reason}:${entry.counts}`} entry={entry} />
          ))}
        </ul>
      )}
      <p className="wb-hint">{t('denied_counts_only')}</p>
    </section>
  );
}
