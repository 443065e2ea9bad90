import { useTranslation } from 'react-i18next';
import type { ItemAccess } from '../../../shared/acl/access-verdict';

/** Why the principal who asked may see an item: each clause of the policy that held, worded in the UI's language. */
export function ItemAccessLine({ access }: { access: ItemAccess | undefined }) {
  const { t } = useTranslation('workbench');
  const { t: words } = useTranslation('access');
  return (
    <div className="wb-access" data-testid="item-access" data-recorded={access !== undefined}>
      <span className="wb-access-label">{t('access_label')}</span>
      {access ? (
        <ul className="wb-access-clauses">
          {access.because.map((clause, index) => (
            <li key={`${clause.path}:${index}`} data-code={clause.code} title={clause.path}>
              {words(clause.code, clause.params)}
            </li>
          ))}
        </ul>
      ) : (
        <span className="muted">{t('access_not_recorded')}</span>
      )}
    </div>
  );
}
