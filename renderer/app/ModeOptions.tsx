import { useTranslation } from 'react-i18next';
import type { Text2CypherAvailability } from './chat-mode';
import { useCoreText } from './core-text';
import { modeChoices, type ProviderAvailability } from './provider-mode';

/** Why mode provider cannot run here, in the UI's language; null when it can. */
export function useProviderReason(availability: ProviderAvailability): string | null {
  const { t } = useTranslation();
  const text = useCoreText();
  if (availability.usable) return null;
  if (availability.reason !== 'provider_misconfigured') return t(availability.reason);
  const problem = text(availability.said?.code, availability.said?.params, availability.problem) ?? availability.problem;
  return t(availability.reason, { problem });
}

/** A function giving why a mode cannot run here, in the UI's language; null when it can (or is not one that may be off). */
function useModeReasons(provider: ProviderAvailability, text2cypher: Text2CypherAvailability): (mode: string) => string | null {
  const { t } = useTranslation();
  const providerReason = useProviderReason(provider);
  return (mode) => (mode === 'provider' ? providerReason : mode === 'text2cypher' && !text2cypher.usable ? t(text2cypher.reason) : null);
}

/**
 * The worded name of a retrieval mode in the UI's language ("full-text", "cypher template",
 * "auto (routed)"…): the Workbench's labels, the one source every mode picker and run line uses.
 */
export function useModeLabel(): (mode: string) => string {
  const { t } = useTranslation('workbench');
  return (mode) => t(`mode_${mode}`);
}

/**
 * The options of a mode picker, each worded by `useModeLabel`: `provider` disabled while no endpoint is usable and `text2cypher`
 * while no chat model is on, marked unavailable with the reason as their title; shown, never
 * hidden, so a reopened run keeps its value.
 */
export function ModeOptions<M extends string>({
  modes,
  availability,
  text2cypher,
}: {
  modes: readonly M[];
  availability: ProviderAvailability;
  text2cypher: Text2CypherAvailability;
}) {
  const { t } = useTranslation();
  const label = useModeLabel();
  const reasonOf = useModeReasons(availability, text2cypher);
  return (
    <>
      {modeChoices(modes, availability, text2cypher).map(({ mode, disabled }) => (
        <option key={mode} value={mode} disabled={disabled} title={disabled ? (reasonOf(mode) ?? undefined) : undefined}>
          {disabled ? t('mode_unavailable', { mode: label(mode) }) : label(mode)}
        </option>
      ))}
    </>
  );
}

/** The reason under a mode picker whose value is a mode that cannot run here (a reopened run of `provider` or `text2cypher`). */
export function ProviderModeNote({
  availability,
  text2cypher,
  mode,
}: {
  availability: ProviderAvailability;
  text2cypher: Text2CypherAvailability;
  mode: string;
}) {
  const reason = useModeReasons(availability, text2cypher)(mode);
  if (!reason) return null;
  return (
    <span className="reason-note" role="note" data-testid={mode === 'provider' ? 'provider-mode-reason' : 'text2cypher-mode-reason'}>
      {reason}
    </span>
  );
}
