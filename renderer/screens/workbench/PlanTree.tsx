import { useTranslation } from 'react-i18next';
import type { PlanNode } from '../../../shared/cypher/query-plan';
import { formatNumber } from '../../app/number-format';

/** One operator and, nested under it, the operators it reads from. */
function PlanOperator({ node }: { node: PlanNode }) {
  const { t, i18n } = useTranslation('spans');
  return (
    <li data-testid="plan-operator" data-operator={node.operator}>
      <span className="span-plan-op mono">{node.operator}</span>
      {node.estimated_rows === null ? null : (
        <span className="span-plan-rows muted"> {t('plan_estimated', { rows: formatNumber(node.estimated_rows, i18n.language) })}</span>
      )}
      {node.details ? <div className="span-plan-details mono">{node.details}</div> : null}
      {node.children.length > 0 ? (
        <ul>
          {node.children.map((child, index) => (
            <PlanOperator key={index} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** An EXPLAIN plan as an operator tree, the result at the top: operator, the server's details, estimated rows. */
export function PlanTree({ plan }: { plan: PlanNode }) {
  return (
    <ul className="span-plan" data-testid="plan-tree">
      <PlanOperator node={plan} />
    </ul>
  );
}
