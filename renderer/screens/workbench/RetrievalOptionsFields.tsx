import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentTypes } from '../../../shared/document-types';
import type { OperationState } from '../../app/use-operation';
import { docTypesHint, docTypesPlaceholder } from './doc-types-hint';
import {
  BUILTIN_TEMPLATE_IDS,
  RANKERS,
  STALE_POLICIES,
  usesRanker,
  usesSimilarityFloor,
  usesTermsFloor,
  type Ranker,
  type RequestForm,
  type StalePolicy,
} from './request-form';

/**
 * The optional part of the request: template (cypher), ranker (hybrid, graph), relevance floor
 * (searching modes), document types (the graph's own named in the hint) and stale policy.
 */
export function RetrievalOptionsFields({
  form,
  onChange,
  documentTypes,
}: {
  form: RequestForm;
  onChange: (patch: Partial<RequestForm>) => void;
  /** `graph.document_types`: what the connected graph holds. */
  documentTypes: OperationState<DocumentTypes>;
}) {
  const { t } = useTranslation('workbench');
  const id = useId();
  return (
    <fieldset className="wb-options">
      <legend>{t('options_legend')}</legend>
      <div className="wb-form-grid">
        {form.mode === 'cypher' ? (
          <div className="wb-field">
            <label htmlFor={`${id}-template`}>{t('template_label')}</label>
            <input
              id={`${id}-template`}
              list={`${id}-templates`}
              value={form.templateId}
              onChange={(event) => onChange({ templateId: event.target.value })}
              aria-describedby={`${id}-template-hint`}
              data-testid="template-input"
            />
            <datalist id={`${id}-templates`}>
              {BUILTIN_TEMPLATE_IDS.map((template) => (
                <option key={template} value={template} />
              ))}
            </datalist>
            <span id={`${id}-template-hint`} className="wb-hint">
              {t('template_hint')}
            </span>
          </div>
        ) : null}
        {usesRanker(form.mode) ? (
          <div className="wb-field">
            <label htmlFor={`${id}-ranker`}>{t('ranker_label')}</label>
            <select
              id={`${id}-ranker`}
              value={form.ranker}
              onChange={(event) => onChange({ ranker: event.target.value as Ranker })}
              aria-describedby={`${id}-ranker-hint`}
              data-testid="ranker-select"
            >
              {RANKERS.map((ranker) => (
                <option key={ranker} value={ranker}>
                  {t(`ranker_${ranker}`)}
                </option>
              ))}
            </select>
            <span id={`${id}-ranker-hint`} className="wb-hint">
              {t('ranker_hint')}
            </span>
          </div>
        ) : null}
        {usesRanker(form.mode) && form.ranker === 'linear' ? (
          <div className="wb-field wb-number">
            <label htmlFor={`${id}-alpha`}>{t('alpha_label')}</label>
            <input
              id={`${id}-alpha`}
              type="number"
              min={0}
              max={1}
              step={0.05}
              value={form.alpha}
              onChange={(event) => onChange({ alpha: event.target.value })}
              aria-describedby={`${id}-alpha-hint`}
              data-testid="alpha-input"
            />
            <span id={`${id}-alpha-hint`} className="wb-hint">
              {t('alpha_hint')}
            </span>
          </div>
        ) : null}
        {usesSimilarityFloor(form.mode) ? (
          <div className="wb-field wb-number">
            <label htmlFor={`${id}-min-similarity`}>{t('min_similarity_label')}</label>
            <input
              id={`${id}-min-similarity`}
              type="number"
              min={0}
              max={1}
              step={0.005}
              value={form.minSimilarity}
              placeholder={t('floor_default_placeholder')}
              onChange={(event) => onChange({ minSimilarity: event.target.value })}
              aria-describedby={`${id}-min-similarity-hint`}
              data-testid="min-similarity-input"
            />
            <span id={`${id}-min-similarity-hint`} className="wb-hint">
              {t('min_similarity_hint')}
            </span>
          </div>
        ) : null}
        {usesTermsFloor(form.mode) ? (
          <div className="wb-field wb-number">
            <label htmlFor={`${id}-min-terms`}>{t('min_matched_terms_label')}</label>
            <input
              id={`${id}-min-terms`}
              type="number"
              min={0}
              step={1}
              value={form.minMatchedTerms}
              placeholder={t('floor_default_placeholder')}
              onChange={(event) => onChange({ minMatchedTerms: event.target.value })}
              aria-describedby={`${id}-min-terms-hint`}
              data-testid="min-matched-terms-input"
            />
            <span id={`${id}-min-terms-hint`} className="wb-hint">
              {t('min_matched_terms_hint')}
            </span>
          </div>
        ) : null}
        <div className="wb-field">
          <label htmlFor={`${id}-types`}>{t('doc_types_label')}</label>
          <input
            id={`${id}-types`}
            value={form.docTypes}
            onChange={(event) => onChange({ docTypes: event.target.value })}
            placeholder={docTypesPlaceholder(documentTypes.value)}
            aria-describedby={`${id}-types-hint`}
            data-testid="doc-types-input"
          />
          <span id={`${id}-types-hint`} className="wb-hint" data-testid="doc-types-hint">
            {docTypesHint(t, documentTypes)}
          </span>
        </div>
        <div className="wb-field">
          <label htmlFor={`${id}-stale`}>{t('stale_policy_label')}</label>
          <select
            id={`${id}-stale`}
            value={form.stalePolicy}
            onChange={(event) => onChange({ stalePolicy: event.target.value as StalePolicy })}
            data-testid="stale-policy-select"
          >
            {STALE_POLICIES.map((policy) => (
              <option key={policy} value={policy}>
                {t(`stale_policy_${policy}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}
