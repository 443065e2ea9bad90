import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { revealHidden } from '../../../shared/revealed-text';
import type { RequestForm } from './request-form';
import { summaryParts, type SummaryField } from './request-summary';

interface QuerySummaryProps {
  readonly form: RequestForm;
  /** Re-opens the form with focus on the field of the part chosen. */
  readonly onEdit: (field: SummaryField) => void;
  readonly onRun: () => void;
  readonly running: boolean;
  /** Whether the form names a principal the list holds; if not, Run again waits for the form to choose one. */
  readonly ready: boolean;
  readonly ref?: Ref<HTMLDivElement>;
}

/**
 * The request collapsed to one line after a run, so the results take the screen: each part is a
 * button that re-opens the form on its field, and Run again sends the same request.
 */
export function QuerySummary({ form, onEdit, onRun, running, ready, ref }: QuerySummaryProps) {
  const { t } = useTranslation('results');
  // A stored run's question (an imported bundle's) is shown with its bidi and invisible characters drawn; the form keeps it as stored.
  const query = form.query.trim() === '' ? t('value_query_empty') : revealHidden(form.query);
  return (
    <div ref={ref} className="panel wb-summary" role="group" aria-label={t('summary_label')} tabIndex={-1} data-testid="query-summary">
      <button
        type="button"
        className="wb-summary-part wb-summary-query"
        onClick={() => onEdit('query')}
        aria-label={`${t('summary_edit_part', { part: t('part_query') })}: ${query}`}
        title={query}
        data-field="query"
        data-testid="summary-query"
        data-user-text
      >
        {query}
      </button>
      {summaryParts(form).map((part) => (
        <button
          key={part.field}
          type="button"
          className="wb-summary-part"
          onClick={() => onEdit(part.field)}
          aria-label={`${t('summary_edit_part', { part: t(`part_${part.field}`) })}: ${t(part.message, part.params)}`}
          title={t(part.message, part.params)}
          data-field={part.field}
          data-testid={`summary-${part.field}`}
        >
          {t(part.message, part.params)}
        </button>
      ))}
      <span className="wb-summary-actions">
        <button
          type="button"
          onClick={() => onEdit('query')}
          title={t('summary_edit_hint')}
          aria-keyshortcuts="/ E"
          data-testid="summary-edit"
        >
          {t('summary_edit')}
        </button>
        <button
          type="button"
          className="primary"
          onClick={onRun}
          disabled={running || !ready}
          aria-busy={running}
          data-testid="summary-run"
        >
          {t('summary_run_again')}
        </button>
      </span>
    </div>
  );
}
