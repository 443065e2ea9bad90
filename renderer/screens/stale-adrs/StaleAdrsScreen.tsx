import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdrEntry, AdrListing } from '../../../shared/adr-marks';
import { ErrorBox } from '../../app/error-box';
import { useKeptState } from '../../app/kept-state';
import { useLensClient } from '../../app/lens-client-context';
import { useOperation } from '../../app/use-operation';
import { AdrCard, type OpenForm } from './AdrCard';
import { AdrChainGraph } from './AdrChainGraph';
import { AdrExportButtons } from './AdrExportButtons';
import { AdrFilters } from './AdrFilters';
import { EMPTY_ADR_FILTER, filterAdrs, type AdrFilterForm } from './adr-filter';
import { useAdrMarking } from './use-adr-marking';
import './stale-adrs.css';

/**
 * The Stale ADRs screen: every ADR with its freshness and evidence, filters, the supersession chains,
 * mark and unmark in place with history, and the export of the marks. A failed read shows the error,
 * never an empty list.
 */
export function StaleAdrsScreen() {
  const { t } = useTranslation('adrs');
  const client = useLensClient();
  const [reads, setReads] = useState(0);
  const listing = useOperation<AdrListing>(() => client['adr.list']({ suggestions: true }), [reads]);
  const [form, setForm] = useKeptState<AdrFilterForm>('adrs.filter', EMPTY_ADR_FILTER);
  const [openForm, setOpenForm] = useState<OpenForm | null>(null);
  const [historyOpen, setHistoryOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const marking = useAdrMarking(() => {
    setOpenForm(null);
    setReads((current) => current + 1);
  });
  const adrs: readonly AdrEntry[] = listing.value?.adrs ?? [];
  const shown = useMemo(() => filterAdrs(adrs, form), [adrs, form]);
  const toggleHistory = (documentId: string) =>
    setHistoryOpen((current) => {
      const next = new Set(current);
      if (!next.delete(documentId)) next.add(documentId);
      return next;
    });
  const select = (documentId: string) => {
    setSelected(documentId);
    document.getElementById(`adr-${documentId}`)?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <section className="stale-adrs-screen" aria-labelledby="stale-adrs-title">
      <div className="panel stale-adrs-head">
        <h2 id="stale-adrs-title">{t('title')}</h2>
        <p className="muted">{t('intro')}</p>
        <AdrFilters form={form} adrs={adrs} onChange={setForm} />
        <div className="stale-adrs-toolbar">
          <span data-testid="adr-count" role="status">
            {listing.value ? t('count', { count: adrs.length, shown: shown.length }) : null}
          </span>
          <button type="button" onClick={listing.reload} disabled={listing.loading} data-testid="adr-refresh">
            {t('refresh')}
          </button>
          <AdrExportButtons />
        </div>
        <div role="status" aria-live="polite" data-testid="adr-action-status">
          {marking.done}
        </div>
        {marking.failure ? (
          <div data-testid="adr-action-error">
            <p>{t('action_failed')}</p>
            <ErrorBox error={marking.failure} onRetry={marking.dismiss} />
          </div>
        ) : null}
      </div>
      {listing.error ? (
        <ErrorBox error={listing.error} onRetry={listing.reload} />
      ) : !listing.value ? (
        <p className="muted" data-testid="adr-loading">
          {t('loading')}
        </p>
      ) : (
        <>
          {listing.value.truncated ? <p className="adr-truncated">{t('truncated', { count: adrs.length })}</p> : null}
          <AdrChainGraph shown={shown} all={adrs} onSelect={select} />
          {adrs.length === 0 ? (
            <p data-testid="adr-none">{t('none')}</p>
          ) : shown.length === 0 ? (
            <p data-testid="adr-none-matching">{t('none_matching')}</p>
          ) : (
            <ul className="adr-list" data-testid="adr-list" aria-busy={listing.loading}>
              {shown.map((entry) => (
                <AdrCard
                  key={entry.document_id}
                  entry={entry}
                  adrs={adrs}
                  selected={selected === entry.document_id}
                  form={openForm?.documentId === entry.document_id ? openForm : null}
                  historyOpen={historyOpen.has(entry.document_id)}
                  historyVersion={marking.version}
                  busy={marking.busy}
                  onOpenForm={setOpenForm}
                  onToggleHistory={() => toggleHistory(entry.document_id)}
                  onSubmit={marking.submit}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
