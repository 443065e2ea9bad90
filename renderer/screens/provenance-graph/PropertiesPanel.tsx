import { useTranslation } from 'react-i18next';
import type { GraphNode } from '../../../shared/api/provenance-graph';
import { ErrorBox } from '../../app/error-box';
import { EXPAND_LIMIT } from './use-provenance-view';

interface PropertiesPanelProps {
  readonly nodes: readonly GraphNode[];
  readonly node: GraphNode | null;
  readonly principalId: string;
  readonly onSelect: (nodeId: string | null) => void;
  readonly onExpand: (node: GraphNode) => void;
  readonly expanding: boolean;
  readonly expandError: unknown;
}

/** A property value as text: strings as they are, anything else as JSON. */
function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '—';
  return JSON.stringify(value, null, 1);
}

/** Node text for the keyboard list; a hidden node shows only its label. */
function optionText(node: GraphNode, hiddenText: (label: string) => string): string {
  if (!node.visible_to_principal) return hiddenText(node.label);
  const caption = (node.caption || node.key).replace(/\s+/g, ' ').slice(0, 60);
  return caption ? `${node.label}: ${caption}` : node.label;
}

/** The chosen node's properties (nothing at all for a node the principal may not see) and its expansion. */
export function PropertiesPanel({ nodes, node, principalId, onSelect, onExpand, expanding, expandError }: PropertiesPanelProps) {
  const { t } = useTranslation('graph');
  const entries = node?.visible_to_principal ? Object.entries(node.properties) : [];
  return (
    <section className="graph-properties panel" data-testid="graph-properties" aria-label={t('properties_title')}>
      <h3>{t('properties_title')}</h3>
      <label className="graph-node-list">
        {t('node_list')}{' '}
        <select value={node?.id ?? ''} onChange={(event) => onSelect(event.target.value || null)} data-testid="graph-node-select">
          <option value="">{t('node_list_none')}</option>
          {nodes.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {optionText(entry, (label) => t('node_option_hidden', { label }))}
            </option>
          ))}
        </select>
      </label>
      {node ? (
        <>
          <dl className="graph-node-facts" data-visible={node.visible_to_principal}>
            <dt>{t('field_label')}</dt>
            <dd>{node.label}</dd>
            <dt>{t('field_layer')}</dt>
            <dd>{t(`layer_${node.layer}`)}</dd>
            {node.visible_to_principal ? (
              <>
                <dt>{t('field_key')}</dt>
                <dd className="mono">{node.key}</dd>
                <dt>{t('field_caption')}</dt>
                <dd>{node.caption}</dd>
              </>
            ) : null}
            <dt>{t('field_path')}</dt>
            <dd>{t(node.on_item_path ? 'on_path' : 'reached')}</dd>
          </dl>
          {node.visible_to_principal ? (
            entries.length > 0 ? (
              <table className="graph-property-table">
                <tbody>
                  {entries.map(([name, value]) => (
                    <tr key={name}>
                      <th scope="row" className="mono">
                        {name}
                      </th>
                      <td>
                        <div className="graph-property-value">{formatValue(value)}</div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="muted">{t('properties_none')}</p>
            )
          ) : (
            <p className="graph-hidden-note" data-testid="graph-hidden-note">
              {t('properties_hidden', { principal: principalId, label: node.label })}
            </p>
          )}
        </>
      ) : (
        <p className="muted">{t('properties_empty')}</p>
      )}
      <div className="graph-expand-row">
        <button
          type="button"
          className="primary"
          disabled={!node || expanding}
          onClick={() => node && onExpand(node)}
          data-testid="graph-expand"
        >
          {expanding ? t('expanding') : t('expand', { limit: EXPAND_LIMIT })}
        </button>
        <span className="muted">{t('expand_hint')}</span>
      </div>
      {expandError ? <ErrorBox error={expandError} /> : null}
    </section>
  );
}
