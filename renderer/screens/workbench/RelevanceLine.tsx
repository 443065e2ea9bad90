import { useTranslation } from 'react-i18next';
import type { RelevanceRecord } from '../../../shared/context-contract';
import { floorCutEverything, relevanceMessages, wordedRelevanceParams } from '../../../shared/relevance-messages';

const uiLanguage = (language: string): 'en' | 'ko' => (language.startsWith('ko') ? 'ko' : 'en');

/**
 * How the run judged relevance: the floor of each side with the best score it reached, and how many
 * candidate chunks fell below; stressed when the floor left the run without evidence, so the best
 * score is right there to compare with the floor.
 */
export function RelevanceLine({ relevance }: { relevance: RelevanceRecord }) {
  const { t, i18n } = useTranslation('relevance');
  const language = uiLanguage(i18n.language);
  const nothingReached = floorCutEverything(relevance);
  return (
    <div
      className={nothingReached ? 'wb-relevance wb-relevance-none' : 'wb-relevance muted'}
      role="note"
      data-testid="relevance-line"
      data-basis={relevance.basis}
      data-cut={relevance.cut}
      data-best-similarity={relevance.best_similarity ?? undefined}
      data-best-matched-terms={relevance.best_matched_terms ?? undefined}
    >
      {nothingReached ? <strong>{t('nothing_reached')} </strong> : null}
      {relevanceMessages(relevance).map((message) => (
        <span key={message.code} className="wb-relevance-part" data-code={message.code}>
          {t(message.code, wordedRelevanceParams(message, language))}.{' '}
        </span>
      ))}
    </div>
  );
}
