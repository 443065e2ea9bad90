import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Principal, UnreadablePrincipal } from '../../../shared/principal';
import { useCoreText } from '../../app/core-text';
import { ErrorBox } from '../../app/error-box';
import type { OperationState } from '../../app/use-operation';
import { usePrincipalRemoval } from '../../app/use-principal-removal';
import { PrincipalGoneNote, UnsetPrincipalOption } from '../../app/PrincipalGone';
import { principalLabel } from '../../app/principal-label';
import { revealHidden } from '../../../shared/revealed-text';
import { principalOptions, workbenchPrincipalChoice } from './principal-options';

interface PrincipalPickerProps {
  readonly principals: OperationState<Principal[]>;
  /** The graph's Principal nodes that cannot be read as a principal: not offered, each named with what is wrong and what to do. */
  readonly unreadable?: readonly UnreadablePrincipal[];
  readonly value: string;
  readonly onChange: (principalId: string) => void;
  /** The principal of a stored run, offered even when it is no longer in the list (its snapshot is what ran). */
  readonly snapshot: Principal | null;
}

/**
 * Says that the selected principal is a local copy used instead of the graph's principal of the same
 * id, and offers to remove it (only for an entry of the current list, not a stored run's snapshot).
 */
function OverrideNotice({
  principal,
  removable,
  principals,
}: {
  principal: Principal;
  removable: boolean;
  principals: OperationState<Principal[]>;
}) {
  const { t } = useTranslation('workbench');
  const removal = usePrincipalRemoval(principals.reload);
  return (
    <div className="wb-override" role="note" data-testid="principal-override-notice">
      <p>
        <strong>{t('principal_override_notice')}</strong>{' '}
        {t('principal_override_explained', { id: principal.principal_id, source: t(`principal_source_${principal.source}`) })}
      </p>
      {removable ? (
        <button
          type="button"
          onClick={() => removal.remove(principal.principal_id)}
          disabled={removal.removing !== null}
          aria-label={t('principal_override_remove_label', { id: principal.principal_id })}
          data-testid="remove-local-principal"
        >
          {removal.removing ? t('principal_override_removing') : t('principal_override_remove')}
        </button>
      ) : null}
      {removal.error ? <ErrorBox error={removal.error} /> : null}
    </div>
  );
}

/**
 * Picks the principal a run is made as, and shows what the access policy will read from it. A
 * principal the list no longer holds shows as unset, named in a note, rather than as someone else.
 */
/** The graph's Principal nodes the list could not read, each with what is wrong and what to do, in the UI's language. */
function UnreadableNote({ unreadable }: { unreadable: readonly UnreadablePrincipal[] }) {
  const { t } = useTranslation('workbench');
  const text = useCoreText();
  if (unreadable.length === 0) return null;
  return (
    <div className="wb-hint" role="note" data-testid="principals-unreadable">
      <p>{t('principals_unreadable', { count: unreadable.length })}</p>
      <ul>
        {unreadable.map((entry) => (
          <li key={entry.principal_id}>
            {revealHidden(text(entry.problem_code, entry.problem_params, entry.problem) ?? entry.problem)}{' '}
            {entry.hint ? text(entry.hint_code, entry.hint_params, entry.hint) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PrincipalPicker({ principals, unreadable = [], value, onChange, snapshot }: PrincipalPickerProps) {
  const { t } = useTranslation('workbench');
  const id = useId();
  const list = principals.value ?? [];
  const options = principalOptions(list, snapshot);
  const selected = options.find((entry) => entry.principal_id === value) ?? null;
  const choice = workbenchPrincipalChoice(value, principals.value, snapshot);
  const unset = options.length > 0 && choice.state !== 'chosen';

  return (
    <div className="wb-field wb-principal">
      <label htmlFor={id}>{t('principal_label')}</label>
      <select
        id={id}
        value={unset ? '' : value}
        onChange={(event) => onChange(event.target.value)}
        disabled={options.length === 0}
        aria-invalid={choice.state === 'gone' ? true : undefined}
        aria-describedby={choice.state === 'gone' ? `${id}-gone ${id}-details` : `${id}-details`}
        data-testid="principal-select"
      >
        {options.length === 0 ? <option value="">{principals.loading ? t('principals_loading') : t('principals_none')}</option> : null}
        {unset ? <UnsetPrincipalOption /> : null}
        {options.map((entry) => (
          <option key={entry.principal_id} value={entry.principal_id}>
            {principalLabel(entry)}
            {entry.overrides_graph ? ` ${t('principal_option_local_copy')}` : ''}
          </option>
        ))}
      </select>
      {choice.state === 'gone' ? (
        <PrincipalGoneNote id={`${id}-gone`} testId="principal-gone-note" field={t('principal_label')} principal={choice.principal} />
      ) : null}
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
      {selected?.overrides_graph ? (
        <OverrideNotice
          key={selected.principal_id}
          principal={selected}
          removable={list.some((entry) => entry.principal_id === selected.principal_id)}
          principals={principals}
        />
      ) : null}
      <UnreadableNote unreadable={unreadable} />
      {principals.error ? <ErrorBox error={principals.error} onRetry={principals.reload} /> : null}
    </div>
  );
}
