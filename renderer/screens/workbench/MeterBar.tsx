import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/number-format';

interface MeterBarProps {
  readonly label: string;
  readonly value: number;
  readonly max: number;
  readonly unit: string;
  readonly testId: string;
  /** One short line: the label, the percentage and a short bar; the full figures in its tooltip and accessible value. */
  readonly compact?: boolean;
}

/** A used-of-allowed bar (token budget, deadline); past the limit it turns to the danger colour. */
export function MeterBar({ label, value, max, unit, testId, compact = false }: MeterBarProps) {
  const { t, i18n } = useTranslation('workbench');
  const fraction = max > 0 ? value / max : 0;
  const percent = Math.round(fraction * 100);
  const level = fraction > 1 ? 'over' : fraction > 0.85 ? 'near' : 'fine';
  // A request that was not accepted has no limits to measure against.
  const text =
    max > 0
      ? t('meter_value', { value: formatNumber(value, i18n.language), max: formatNumber(max, i18n.language), unit, percent })
      : t('meter_unset');
  const shown = compact && max > 0 ? t('meter_percent', { percent }) : text;
  return (
    <div
      className={compact ? 'wb-meter wb-meter-compact' : 'wb-meter'}
      data-testid={testId}
      data-level={level}
      title={compact ? `${label}: ${text}` : undefined}
    >
      <div className="wb-meter-head">
        <span>{label}</span>
        <span className="mono">{shown}</span>
      </div>
      <div
        className="wb-meter-track"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.max(max, 0)}
        aria-valuenow={value}
        aria-valuetext={text}
      >
        <div className="wb-meter-fill" style={{ width: `${Math.min(100, Math.max(0, fraction * 100))}%` }} />
      </div>
    </div>
  );
}
