import { useTranslation } from 'react-i18next';
import type { AdrCanvasTexts } from './adr-freshness-elements';

/** The ADR freshness and supersession words for the canvas, in the UI's language (the Workbench's badge words). */
export function useAdrCanvasTexts(): AdrCanvasTexts {
  const { t } = useTranslation('graph');
  const { t: badge } = useTranslation('workbench');
  const { t: word } = useTranslation('freshness');
  return {
    freshness: { current: badge('freshness_current'), stale: badge('freshness_stale'), unknown: badge('freshness_unknown') },
    decision: (decision) => word(`decision_${decision}`),
    partial: t('edge_partial'),
    drift: t('edge_drift'),
  };
}
