import { useTranslation } from 'react-i18next';

/** The placeholder a principal select shows while no principal of the list is chosen. */
export function UnsetPrincipalOption() {
  const { t } = useTranslation('common');
  return (
    <option value="" disabled>
      {t('principal_unset_option')}
    </option>
  );
}

interface PrincipalGoneNoteProps {
  /** The note's id, for the select's aria-describedby. */
  readonly id: string;
  readonly testId: string;
  /** The label of the field left unset. */
  readonly field: string;
  /** The principal chosen before, which the list no longer holds. */
  readonly principal: string;
}

/** Says, under a principal select, that the principal chosen is no longer in the list and the field waits for a choice. */
export function PrincipalGoneNote({ id, testId, field, principal }: PrincipalGoneNoteProps) {
  const { t } = useTranslation('common');
  return (
    <p className="hint principal-gone-note" id={id} role="note" data-testid={testId} data-missing={principal}>
      {t('principal_gone', { field, principal })}
    </p>
  );
}
