import { useTranslation } from 'react-i18next';
import type { PathStep } from '../../../shared/context-contract';
import { revealHidden } from '../../../shared/revealed-text';

/** An item's way back to its source: Label:id → … → Document:id. */
export function ProvenancePath({ path }: { path: readonly PathStep[] }) {
  const { t } = useTranslation('workbench');
  return (
    <ol className="wb-path" aria-label={t('path_label')}>
      {path.map((step, index) => (
        <li key={`${step.label}:${step.id}:${index}`} className={`wb-path-step wb-path-${step.label.toLowerCase()}`}>
          {index > 0 ? (
            <span className="wb-path-arrow" aria-hidden="true">
              →
            </span>
          ) : null}
          <span className="wb-path-label">{step.label}</span>
          <span className="mono">:{revealHidden(step.id)}</span>
        </li>
      ))}
    </ol>
  );
}
