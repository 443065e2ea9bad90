import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comparison, ComparisonSummary } from '../../../shared/compare/comparison';
import { ErrorBox } from '../../app/error-box';
import { COMPARISON_TARGET, focusWhenShown } from '../../app/focus-target';
import { useLensClient } from '../../app/lens-client-context';
import { text2CypherAvailability } from '../../app/chat-mode';
import { providerAvailability } from '../../app/provider-mode';
import { useKeptState } from '../../app/kept-state';
import { useOperation, type OperationState } from '../../app/use-operation';
import { comparisonToForm, DEFAULT_COMPARE_FORM, formToCompareInput, withListedPrincipals, type CompareForm } from './compare-form';
import { formatRunTime } from '../../app/time-format';
import { CompareFormPanel } from './CompareFormPanel';
import { ComparisonView } from './ComparisonView';
import { revealHidden } from '../../../shared/revealed-text';
import './compare.css';

/** The kept comparisons, newest first, each one click from reopening exactly as it was. */
export function SavedComparisons({ saved, onOpen }: { saved: OperationState<ComparisonSummary[]>; onOpen: (id: string) => void }) {
  const { t } = useTranslation('compare');
  const list = saved.value ?? [];
  // A comparison where a run gave no answer found no leak only among what the other returned: that is not "0 leaks".
  const savedVerdict = (entry: ComparisonSummary) =>
    entry.leak_count === null
      ? t('saved_check_failed')
      : entry.leak_count === 0 && entry.unanswered.length > 0
        ? t('saved_leaks_unknown', { sides: entry.unanswered.map((side) => side.toUpperCase()).join(', ') })
        : t('saved_leaks', { count: entry.leak_count });
  return (
    <section className="panel cmp-saved" aria-label={t('saved_heading')}>
      <h3>{t('saved_heading')}</h3>
      {saved.error ? <ErrorBox error={saved.error} onRetry={saved.reload} /> : null}
      {list.length === 0 && !saved.loading ? <p className="muted">{t('saved_none')}</p> : null}
      <ul>
        {list.map((entry) => (
          <li key={entry.id} data-testid="saved-comparison" data-comparison-id={entry.id}>
            <span>
              {t('saved_row', { time: formatRunTime(entry.created_at), a: entry.principal_a, b: entry.principal_b })}{' '}
              <span data-user-text>{revealHidden(entry.query)}</span> · {savedVerdict(entry)}
            </span>{' '}
            <button type="button" onClick={() => onOpen(entry.id)} data-testid="saved-comparison-open">
              {t('saved_open')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Compare: one request as principals A and B, or two stored runs; leaks first, then both runs side by side. */
export function CompareScreen() {
  const { t } = useTranslation('compare');
  const client = useLensClient();
  // Kept while another screen is shown: the reviewer checks a run in Traces and comes back to the comparison.
  const [form, setForm] = useKeptState<CompareForm>('compare.form', DEFAULT_COMPARE_FORM);
  const [comparison, setComparison] = useKeptState<Comparison | null>('compare.comparison', null);
  const [running, setRunning] = useKeptState('compare.running', false);
  const [error, setError] = useKeptState<unknown>('compare.error', null);
  // Counts the comparisons made or reopened here (and their failures): each moves focus to what it
  // shows, since the Compare button it was asked from is disabled while it runs (focus fell to the page).
  const [answered, setAnswered] = useState(0);
  useEffect(() => (answered > 0 ? focusWhenShown(COMPARISON_TARGET) : undefined), [answered]);
  const principals = useOperation(async () => (await client['principals.list']({})).principals, [client], { reloadOnReturn: true });
  const runs = useOperation(async () => (await client['traces.list']({ limit: 100 })).runs, [client]);
  const saved = useOperation(async () => (await client['compare.list']({})).comparisons, [client]);
  const provider = useOperation(() => client['provider.get']({}), [client]);
  const chat = useOperation(() => client['chat.get']({}), [client]);
  const patch = useCallback((change: Partial<CompareForm>) => setForm((current) => ({ ...current, ...change })), []);

  // Each side a principal the list holds, once it arrives, so an untouched form compares the first two.
  const listed = principals.value;
  useEffect(() => {
    if (listed) setForm((current) => withListedPrincipals(current, listed));
  }, [listed]);

  const act = async (work: () => Promise<Comparison>) => {
    if (running) return;
    setRunning(true);
    setError(null);
    try {
      const made = await work();
      setComparison(made);
      setForm((current) => comparisonToForm(made, current));
      saved.reload();
      runs.reload();
    } catch (failure: unknown) {
      setError(failure);
    } finally {
      setRunning(false);
      setAnswered((count) => count + 1);
    }
  };

  return (
    <section className="cmp-screen" aria-labelledby="cmp-heading">
      <h2 id="cmp-heading">{t('heading')}</h2>
      <p className="muted">{t('intro')}</p>
      <CompareFormPanel
        form={form}
        onChange={patch}
        onCompare={() => void act(() => client['compare.run'](formToCompareInput(form)))}
        running={running}
        principals={principals}
        runs={runs}
        provider={providerAvailability(provider)}
        text2cypher={text2CypherAvailability(chat)}
      />
      <div className="cmp-live" role="status" aria-live="polite" data-testid="compare-status">
        {running ? t('comparing') : ''}
      </div>
      {error ? (
        <div data-testid="compare-error">
          <ErrorBox error={error} />
        </div>
      ) : null}
      {comparison ? <ComparisonView comparison={comparison} /> : !error ? <p className="panel muted">{t('no_comparison')}</p> : null}
      <SavedComparisons saved={saved} onOpen={(id) => void act(() => client['compare.get']({ id }))} />
    </section>
  );
}
