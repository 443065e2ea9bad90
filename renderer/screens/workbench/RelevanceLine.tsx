import { useTranslation } from 'react-i18next';
import type { RelevanceRecord } from '../../../shared/context-contract';
import { floorCutEverything, relevanceMessages, wordedRelevanceParams } from '../../../shared/relevance-messages';

const uiLanguage = (language: string): 'en' | 'ko' => (language.startsWith('ko') ? 'ko' : 'en');

/**
 * How the run judged relevance: the floor of each side with the best score it reached, and how many
 * candidate chunks fell below; stressed when the floor left the run without evidence, so the best
 * score is right there to compare with the floor. Clipped, it is one line cut to the width it is
 * given, with the whole text as its tooltip.
 */
export function RelevanceLine({ relevance, clipped = false }: { relevance: RelevanceRecord; clipped?: boolean }) {
  const { t, i18n } = useTranslation('relevance');
  const language = uiLanguage(i18n.language);
  const nothingReached = floorCutEverything(relevance);
  const parts = relevanceMessages(relevance).map((message) => ({
    message,
    text: `${t(message.code, wordedRelevanceParams(message, language))}.`,
  }));
  const kind = nothingReached ? 'wb-relevance wb-relevance-none' : 'wb-relevance muted';
  return (
    <div
      className={clipped ? `${kind} wb-relevance-clipped` : kind}
      title={clipped ? parts.map((part) => part.text).join(' ') : undefined}
      role="note"
      data-testid="relevance-line"
      data-basis={relevance.basis}
      data-cut={relevance.cut}
      data-best-similarity={relevance.best_similarity ?? undefined}
      data-best-matched-terms={relevance.best_matched_terms ?? undefined}
    >
      {nothingReached ? <strong>{t('nothing_reached_screen')} </strong> : null}
      {parts.map(({ message, text }) => (
        <span key={message.code} className="wb-relevance-part" data-code={message.code}>
          {text}{' '}
        </span>
      ))}
    </div>
  );
}
