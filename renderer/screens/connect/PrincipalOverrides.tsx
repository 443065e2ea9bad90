import { useTranslation } from 'react-i18next';
import type { Principal } from '../../../shared/principal';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { useOperation } from '../../app/use-operation';
import { usePrincipalRemoval } from '../../app/use-principal-removal';

/** One local principal that is used instead of the graph's principal of the same id. */
function OverrideRow({ principal, removing, onRemove }: { principal: Principal; removing: string | null; onRemove: (id: string) => void }) {
  const { t } = useTranslation('connect');
  const list = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : t('override_none'));
  return (
    <li data-testid="principal-override" data-principal-id={principal.principal_id}>
      <div>
        <strong className="mono">{principal.principal_id}</strong>{' '}
        <span className="badge cn-override-badge">{t(`override_source_${principal.source}`)}</span>
        <p className="cn-override-notice">{t('override_notice')}</p>
        <div className="cn-small muted">
          {t('override_facts', {
            workspace: principal.workspace_id,
            groups: list(principal.groups),
            partitions: list(principal.acl_partitions),
          })}
        </div>
      </div>
      <button
        type="button"
        onClick={() => onRemove(principal.principal_id)}
        disabled={removing !== null}
        aria-label={t('override_remove_label', { id: principal.principal_id })}
        data-testid="remove-local-principal"
      >
        {removing === principal.principal_id ? t('override_removing') : t('override_remove')}
      </button>
    </li>
  );
}

/**
 * Local principals that override the graph's principal of the same id, each with a way to remove
 * the local copy. Shown only when there is one; without a reachable graph there is nothing to
 * compare, so it looks again whenever the connect report is made again (`report`).
 */
export function PrincipalOverrides({ report }: { report: unknown }) {
  const { t } = useTranslation('connect');
  const client = useLensClient();
  const principals = useOperation(async () => (await client['principals.list']({})).principals, [client, report]);
  const removal = usePrincipalRemoval(principals.reload);
  const overriding = (principals.value ?? []).filter((principal) => principal.overrides_graph === true);
  if (overriding.length === 0 && !removal.error) return null;
  return (
    <section className="panel cn-overrides" aria-labelledby="cn-overrides-heading" data-testid="principal-overrides">
      <h2 id="cn-overrides-heading">{t('overrides_heading', { count: overriding.length })}</h2>
      <p className="cn-hint">{t('overrides_explained')}</p>
      <ul className="cn-profiles">
        {overriding.map((principal) => (
          <OverrideRow key={principal.principal_id} principal={principal} removing={removal.removing} onRemove={removal.remove} />
        ))}
      </ul>
      {removal.error ? <ErrorBox error={removal.error} /> : null}
    </section>
  );
}
