import type { ProviderState } from '../../shared/api/lens-api';
import type { CoreMessage } from '../../shared/core-message';
import type { Text2CypherAvailability } from './chat-mode';

/**
 * Whether mode `provider` can run from this screen: only with an endpoint configured. The mode
 * pickers of the Workbench and Compare show it disabled otherwise, with the reason (a message code
 * of the common namespace), so it is never offered as if it worked.
 */
export type ProviderAvailability =
  | { readonly usable: true; readonly url: string }
  | { readonly usable: false; readonly reason: 'provider_checking' | 'provider_not_configured' | 'provider_unreadable' }
  | {
      readonly usable: false;
      readonly reason: 'provider_misconfigured';
      readonly problem: string;
      /** The problem's code, where the state has one, to word it in the UI's language. */
      readonly said?: CoreMessage;
    };

/** What `provider.get` said (or has not said yet), as availability. */
export function providerAvailability(state: { value: ProviderState | null; loading: boolean; error: unknown }): ProviderAvailability {
  if (state.value?.endpoint) return { usable: true, url: state.value.endpoint.url };
  if (state.value?.problem) {
    const { problem, problem_code: code, problem_params: params } = state.value;
    return { usable: false, reason: 'provider_misconfigured', problem, ...(code === undefined ? {} : { said: { code, params } }) };
  }
  if (state.value) return { usable: false, reason: 'provider_not_configured' };
  return { usable: false, reason: state.error ? 'provider_unreadable' : 'provider_checking' };
}

/** One option of a mode picker. */
export interface ModeChoice<M extends string> {
  readonly mode: M;
  readonly disabled: boolean;
}

/**
 * Every mode, with `provider` disabled while no endpoint is usable and `text2cypher` while no chat
 * model is on (still listed, so a reopened run of either keeps its value).
 */
export function modeChoices<M extends string>(
  modes: readonly M[],
  availability: ProviderAvailability,
  text2cypher: Text2CypherAvailability,
): ModeChoice<M>[] {
  return modes.map((mode) => ({
    mode,
    disabled: (mode === 'provider' && !availability.usable) || (mode === 'text2cypher' && !text2cypher.usable),
  }));
}
