import { useTranslation } from 'react-i18next';
import type { AdrEntry, AdrSuggestion } from '../../../shared/adr-marks';
import { adrName } from './adr-filter';

/** What the records suggest but do not say, best first, each with its kind in words, its score and its evidence. */
export function AdrSuggestions({ entry, onUse }: { entry: AdrEntry; onUse: (successor: string | null) => void }) {
  const { t, i18n } = useTranslation('adrs');
  if (entry.suggestions.length === 0) return null;
  const score = (suggestion: AdrSuggestion) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(suggestion.score);
  return (
    <div className="adr-suggestions" data-testid="adr-suggestions">
      <p className="adr-suggestions-title">{t('suggestions_title', { count: entry.suggestions.length })}</p>
      <ol>
        {entry.suggestions.map((suggestion, index) => (
          <li key={index} data-testid="adr-suggestion" data-kind={suggestion.kind} data-score={suggestion.score}>
            <strong>{t(`suggestion_kind_${suggestion.kind}`)}</strong>{' '}
            <span className="badge">{t('suggestion_score', { score: score(suggestion) })}</span>{' '}
            <span className="muted">
              {suggestion.successor
                ? t('suggestion_successor', { successor: adrName(suggestion.successor) })
                : t('suggestion_no_successor')}
            </span>
            <ul className="adr-evidence">
              {suggestion.evidence.map((evidence, at) => (
                <li key={at}>
                  <span className="muted">{t('suggestion_evidence', { record: adrName(evidence) })}</span> <q>{evidence.quote}</q>
                </li>
              ))}
            </ul>
            <button type="button" onClick={() => onUse(suggestion.successor?.document_id ?? null)} data-testid="adr-suggestion-use">
              {suggestion.successor ? t('suggestion_use') : t('mark')}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
