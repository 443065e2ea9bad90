import { useTranslation } from 'react-i18next';
import type { IndexInfo } from '../../../shared/connect-report';

/** `:Chunk(embedding)` or `[:ABOUT](since)`; null for a lookup index, which covers every label or type. */
function indexTarget(index: IndexInfo): string | null {
  if (index.labels_or_types.length === 0) return null;
  const names = index.labels_or_types.join('|');
  const on = index.entity_type === 'RELATIONSHIP' ? `[:${names}]` : `:${names}`;
  return `${on}(${index.properties.join(', ')})`;
}

/** The graph's indexes as SHOW INDEXES describes them, with the vector and full-text options that matter here. */
export function IndexTable({ indexes }: { indexes: readonly IndexInfo[] }) {
  const { t } = useTranslation('connect');
  if (indexes.length === 0) return <p className="muted">{t('indexes_none')}</p>;
  return (
    <div className="cn-scroll">
      <table className="cn-table">
        <thead>
          <tr>
            <th scope="col">{t('index_name')}</th>
            <th scope="col">{t('index_type')}</th>
            <th scope="col">{t('index_on')}</th>
            <th scope="col">{t('index_state')}</th>
            <th scope="col">{t('index_options')}</th>
          </tr>
        </thead>
        <tbody>
          {indexes.map((index) => {
            const options = [
              index.dimensions !== null ? t('index_dimensions', { dims: index.dimensions }) : null,
              index.similarity,
              index.analyzer ? t('index_analyzer', { analyzer: index.analyzer }) : null,
            ]
              .filter(Boolean)
              .join(' · ');
            return (
              <tr key={index.name}>
                <th scope="row" className="mono">
                  {index.name}
                </th>
                <td>{index.type}</td>
                <td className="mono cn-break">
                  {indexTarget(index) ?? t(index.entity_type === 'RELATIONSHIP' ? 'index_all_relationships' : 'index_all_nodes')}
                </td>
                <td>
                  <span className={index.state === 'ONLINE' ? 'badge current' : 'badge stale'}>{index.state}</span>
                </td>
                <td className="cn-small">{options || '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
