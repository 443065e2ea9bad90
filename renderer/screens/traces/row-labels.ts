import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outcome } from '../../../shared/context-contract';
import { elapsedParts, formatCount, isFailure } from './trace-format';
import type { TraceAction } from './use-trace-actions';

/** Every text a row shows, built once per language for the whole list rather than per row and render. */
export interface RowLabels {
  readonly language: string;
  readonly pending: string;
  readonly queryEmpty: string;
  readonly actions: Readonly<Record<TraceAction, { readonly label: string; readonly title: string }>>;
  readonly outcomes: Readonly<Record<Outcome, { readonly label: string; readonly title: string | undefined }>>;
  readonly selectRow: (traceId: string) => string;
  readonly replaysTitle: (traceId: string) => string;
  readonly count: (value: number) => string;
  readonly elapsed: (ms: number) => string;
}

const ACTIONS: readonly TraceAction[] = ['open', 'replay', 'export', 'delete'];

/** The row texts in the current language (react-i18next's hook is too costly to call in every row while scrolling). */
export function useRowLabels(): RowLabels {
  const { t, i18n } = useTranslation('traces');
  const language = i18n.language;
  return useMemo<RowLabels>(() => {
    const outcomes = Object.fromEntries(
      Outcome.options.map((outcome) => {
        const label = t(`outcome_${outcome}`);
        return [outcome, { label, title: isFailure(outcome) ? t('outcome_failure_title', { outcome: label }) : undefined }];
      }),
    ) as RowLabels['outcomes'];
    const actions = Object.fromEntries(
      ACTIONS.map((action) => [action, { label: t(`action_${action}`), title: t(`action_${action}_title`) }]),
    ) as RowLabels['actions'];
    return {
      language,
      pending: t('row_pending'),
      queryEmpty: t('query_empty'),
      actions,
      outcomes,
      selectRow: (traceId) => t('select_row', { id: traceId }),
      replaysTitle: (traceId) => t('replays_title', { id: traceId }),
      count: (value) => formatCount(value, language),
      elapsed: (ms) => {
        const parts = elapsedParts(ms, language);
        return t(parts.key, { value: parts.value });
      },
    };
  }, [t, language]);
}
