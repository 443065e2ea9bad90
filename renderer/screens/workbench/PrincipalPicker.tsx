import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Principal } from '../../../shared/principal';
import { ErrorBox } from '../../app/error-box';
import type { OperationState } from '../../app/use-operation';

interface PrincipalPickerProps {
  readonly principals: OperationState<Principal[]>;
  readonly value: string;
  readonly onChange: (principalId: string) => void;
  /** The principal of a stored run, offered even when it is no longer in the list (its snapshot is what ran). */
  readonly snapshot: Principal | null;
}

/** Picks the principal a run is made as, and shows what the access policy will read from it. */
export function PrincipalPicker({ principals, value, onChange, snapshot }: PrincipalPickerProps) {
  const { t } = useTranslation('workbench');
  const id = useId();
  const list = principals.value ?? [];
  const options = snapshot && !list.some((entry) => entry.principal_id === snapshot.principal_id) ? [...list, snapshot] : list;
  const selected = options.find((entry) => entry.principal_id === value) ?? null;
  const first = list[0]?.principal_id;

  useEffect(() => {
    if (value === '' && first) onChange(first);
  }, [value, first, onChange]);

  return (
    <div className="wb-field wb-principal">
      <label htmlFor={id}>{t('principal_label')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} disabled={options.length === 0} aria-describedby={`${id}-details`} data-testid="principal-select">
        {options.length === 0 ? <option value="">{principals.loading ? t('principals_loading') : t('principals_none')}</option> : null}
        {options.map((entry) => (
          <option key={entry.principal_id} value={entry.principal_id}>
            {entry.display_name ? `${entry.principal_id} — ${entry.display_name}` : entry.principal_id}
          </option>
        ))}
      </select>
      <div id={`${id}-details`} className="wb-hint">
        {selected ? (
          <dl className="wb-principal-facts">
            <dt>{t('principal_workspace')}</dt>
            <dd>{selected.workspace_id}</dd>
            <dt>{t('principal_groups')}</dt>
            <dd>{selected.groups.length > 0 ? selected.groups.join(', ') : t('none')}</dd>
            <dt>{t('principal_partitions')}</dt>
            <dd>{selected.acl_partitions.length > 0 ? selected.acl_partitions.join(', ') : t('none')}</dd>
            <dt>{t('principal_source')}</dt>
            <dd>{t(`principal_source_${selected.source}`)}</dd>
          </dl>
        ) : null}
      </div>
      {principals.error ? <ErrorBox error={principals.error} onRetry={principals.reload} /> : null}
    </div>
  );
}
