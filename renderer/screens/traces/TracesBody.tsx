import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../app/error-box';
import type { RunPages } from './use-run-pages';

interface TracesBodyProps {
  readonly pages: RunPages;
  readonly filtered: boolean;
  readonly onClearFilters: () => void;
  readonly onGoToWorkbench: () => void;
  /** The list itself, drawn when there are runs to show. */
  readonly list: ReactNode;
}

/** The list, or what stands in its place: loading, an empty history said in words; a failed load is always shown, never an empty list. */
export function TracesBody({ pages, filtered, onClearFilters, onGoToWorkbench, list }: TracesBodyProps) {
  const { t } = useTranslation('traces');
  const { t: common } = useTranslation();

  const failure = pages.error ? (
    <div className="traces-error" data-testid="traces-error">
      <p className="traces-failure-what">
        <strong>{t(pages.total === null ? 'load_failed' : 'page_failed')}</strong>
      </p>
      <ErrorBox error={pages.error} onRetry={pages.reload} />
    </div>
  ) : null;

  if (pages.total === null) {
    return (
      failure ?? (
        <p className="panel muted traces-loading" data-testid="traces-loading">
          {common('loading')}
        </p>
      )
    );
  }
  if (pages.total === 0) {
    return (
      <>
        {failure}
        <div className="panel traces-empty" data-testid="traces-empty">
          <p className="traces-empty-title">{t(filtered ? 'no_match_title' : 'empty_title')}</p>
          <p className="muted">{t(filtered ? 'no_match_hint' : 'empty_hint')}</p>
          {filtered ? (
            <button type="button" onClick={onClearFilters}>
              {t('filter_clear')}
            </button>
          ) : (
            <button type="button" className="primary" onClick={onGoToWorkbench}>
              {t('empty_go_workbench')}
            </button>
          )}
        </div>
      </>
    );
  }
  return (
    <>
      {failure}
      {list}
    </>
  );
}
