import { useTranslation } from 'react-i18next';
import { modeChoices, type ProviderAvailability } from './provider-mode';

/** Why mode provider cannot run here, in the UI's language; null when it can. */
export function useProviderReason(availability: ProviderAvailability): string | null {
  const { t } = useTranslation();
  if (availability.usable) return null;
  return availability.reason === 'provider_misconfigured'
    ? t(availability.reason, { problem: availability.problem })
    : t(availability.reason);
}

/**
 * The options of a mode picker: `provider` disabled while no endpoint is usable, marked unavailable
 * with the reason as its title; shown, never hidden, so a reopened provider run keeps its value.
 */
export function ModeOptions<M extends string>({
  modes,
  availability,
  label,
}: {
  modes: readonly M[];
  availability: ProviderAvailability;
  label: (mode: M) => string;
}) {
  const { t } = useTranslation();
  const reason = useProviderReason(availability);
  return (
    <>
      {modeChoices(modes, availability).map(({ mode, disabled }) => (
        <option key={mode} value={mode} disabled={disabled} title={disabled ? (reason ?? undefined) : undefined}>
          {disabled ? t('mode_unavailable', { mode: label(mode) }) : label(mode)}
        </option>
      ))}
    </>
  );
}

/** The reason under a mode picker whose value is `provider` while no endpoint is usable (a reopened run). */
export function ProviderModeNote({ availability, mode }: { availability: ProviderAvailability; mode: string }) {
  const reason = useProviderReason(availability);
  if (mode !== 'provider' || !reason) return null;
  return (
    <span className="reason-note" role="note" data-testid="provider-mode-reason">
      {reason}
    </span>
  );
}
