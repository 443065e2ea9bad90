import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { GraphCapabilities } from '../../../shared/connect-report';
import { useCoreText } from '../../app/core-text';

/** What the connected graph supports — modes, provenance, freshness, access rule, principals — read before its mismatches (Connect, and the Settings profile check). */
export function GraphSupport({ capabilities }: { capabilities: GraphCapabilities }) {
  const { t } = useTranslation('connect');
  const text = useCoreText();
  // Shown on Connect and in the Settings profile check: the heading's id is this instance's own.
  const heading = useId();
  return (
    <section className="panel cn-supports" aria-labelledby={heading} data-testid="graph-supports">
      <h2 id={heading}>{t('supports_heading')}</h2>
      <ul>
        {capabilities.lines.map((line) => (
          <li key={line.code} data-code={line.code}>
            {text(line.code, line.params, undefined) ?? line.code}
          </li>
        ))}
      </ul>
    </section>
  );
}
