import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SCOPE_KINDS, type ScopeKind } from '../../../shared/context-contract';

/**
 * The request's allowed scope (allowed_scopes), compactly: one kind and its values, comma-separated.
 * Scopes only narrow what the principal may see; empty values mean no scope.
 */
export function ScopeField({
  kind,
  values,
  onChange,
}: {
  kind: ScopeKind;
  values: string;
  onChange: (changes: { scopeKind?: ScopeKind; scopeValues?: string }) => void;
}) {
  const { t } = useTranslation('workbench');
  const id = useId();
  return (
    <div className="wb-field">
      <label htmlFor={`${id}-values`}>{t('scope_label')}</label>
      <div className="wb-inline">
        <select
          value={kind}
          onChange={(event) => onChange({ scopeKind: event.target.value as ScopeKind })}
          aria-label={t('scope_kind_label')}
          data-testid="scope-kind-select"
        >
          {SCOPE_KINDS.map((option) => (
            <option key={option} value={option}>
              {t(`scope_kind_${option}`)}
            </option>
          ))}
        </select>
        <input
          id={`${id}-values`}
          value={values}
          onChange={(event) => onChange({ scopeValues: event.target.value })}
          placeholder={t(`scope_placeholder_${kind}`)}
          aria-describedby={`${id}-hint`}
          data-testid="scope-values-input"
        />
      </div>
      <span id={`${id}-hint`} className="wb-hint">
        {t('scope_hint')}
      </span>
    </div>
  );
}
