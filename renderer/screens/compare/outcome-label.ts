import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Outcome } from '../../../shared/context-contract';

/**
 * A run's outcome in the UI's language, as Traces words it ("정상", "시간 초과"), for the sentences of
 * the Compare screen: the code itself ("ok", "invalid_request") is not a word of a Korean sentence.
 */
export function useOutcomeLabel(): (outcome: Outcome) => string {
  const { t } = useTranslation('traces');
  return useCallback((outcome: Outcome) => t(`outcome_${outcome}`), [t]);
}
