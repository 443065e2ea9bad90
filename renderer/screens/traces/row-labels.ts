import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outcome, RetrievalMode, type DeniedCount } from '../../../shared/context-contract';
import { useModeLabel } from '../../app/ModeOptions';
import { deniedKindCode, deniedMessage, wordedParams } from '../../../shared/denied-messages';
import { deniedHeadline } from '../../../shared/denied-summary';
import { elapsedParts, formatCount, isFailure, isStopped } from './trace-format';
import type { TraceAction } from './use-trace-actions';

/** Every text a row shows, built once per language for the whole list rather than per row and render. */
export interface RowLabels {
  readonly language: string;
  readonly pending: string;
  readonly queryEmpty: string;
  readonly actions: Readonly<Record<TraceAction, { readonly label: string; readonly title: string }>>;
  readonly outcomes: Readonly<Record<Outcome, { readonly label: string; readonly title: string | undefined }>>;
  /**
   * A mode in a word that fits its column ("auto"), and as the mode pickers word it for its title
   * ("auto (routed)"); a mode this build does not know, as stored.
   */
  readonly mode: (mode: string) => { readonly text: string; readonly title: string };
  readonly selectRow: (traceId: string) => string;
  readonly replaysTitle: (traceId: string) => string;
  readonly count: (value: number) => string;
  readonly elapsed: (ms: number) => string;
  /** A run's withheld figures in words: the cell's short text and a title listing every count and what it counts. */
  readonly withheld: (denied: readonly DeniedCount[]) => { readonly text: string; readonly title: string };
}

const ACTIONS: readonly TraceAction[] = ['open', 'replay', 'export', 'delete'];

/** The row texts in the current language (react-i18next's hook is too costly to call in every row while scrolling). */
export function useRowLabels(): RowLabels {
  const { t, i18n } = useTranslation('traces');
  const modeLabel = useModeLabel();
  const language = i18n.language;
  return useMemo<RowLabels>(() => {
    const outcomes = Object.fromEntries(
      Outcome.options.map((outcome) => {
        const label = t(`outcome_${outcome}`);
        const title = isFailure(outcome)
          ? t('outcome_failure_title', { outcome: label })
          : isStopped(outcome)
            ? t('outcome_stopped_title')
            : undefined;
        return [outcome, { label, title }];
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
      mode: (mode) =>
        RetrievalMode.safeParse(mode).success ? { text: t(`mode_short_${mode}`), title: modeLabel(mode) } : { text: mode, title: mode },
      selectRow: (traceId) => t('select_row', { id: traceId }),
      replaysTitle: (traceId) => t('replays_title', { id: traceId }),
      count: (value) => formatCount(value, language),
      elapsed: (ms) => {
        const parts = elapsedParts(ms, language);
        return t(parts.key, { value: parts.value });
      },
      withheld: (denied) => withheldLabels(denied, t, language),
    };
  }, [t, language]);
}

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * The withheld cell: the whole graph's access and filter figures and the stale items left out, each
 * with its kind in words (a run kept before counts had a kind shows its old total as unclassified);
 * the title words every count. A run that counted nothing shows a dash, never a 0 it did not count.
 */
function withheldLabels(denied: readonly DeniedCount[], t: Translate, language: string): { text: string; title: string } {
  const ns = { ns: 'denied' };
  const headline = deniedHeadline(denied);
  const figures = [headline.access, headline.filter, headline.freshness]
    .filter((entry): entry is DeniedCount => entry !== null)
    .map((entry) => `${t(deniedKindCode(entry), ns)} ${formatCount(entry.count, language)}`);
  if (headline.unrecorded !== null) figures.push(`${formatCount(headline.unrecorded, language)} ${t('kind_unrecorded', ns)}`);
  const words = language.startsWith('ko') ? 'ko' : 'en';
  const title = denied.map((entry) => {
    const message = deniedMessage(entry);
    const figure =
      entry.of === undefined ? t('figure', { ...ns, count: entry.count }) : t('figure_of', { ...ns, count: entry.count, of: entry.of });
    return `${t(deniedKindCode(entry), ns)}: ${figure} — ${t(message.code, { ...ns, ...wordedParams(message, words) })}`;
  });
  return { text: figures.length > 0 ? figures.join(' · ') : '—', title: title.join('\n') || t('withheld_none') };
}
