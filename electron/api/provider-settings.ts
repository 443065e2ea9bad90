import { codedError, problemFields } from '../../shared/coded-error';
import { serverError } from '../../shared/errors/server-error-messages';
import { z } from 'zod';
import { vaultNoteFields, vaultNoteWords } from '../secrets/secret-vault';
import type { ProviderState } from '../../shared/api/lens-api';
import { isLensError } from '../../shared/lens-error';
import { PROVIDER_TOKEN_SECRET, ProviderUrl, providerEndpointInfo, type ProviderEndpoint } from '../../shared/provider/provider-endpoint';
import { resolveProviderEndpoint } from '../provider/provider-endpoint-source';
import type { ServiceHub } from '../services/service-hub';

/**
 * The provider endpoint in use for the handler table: LENS_PROVIDER_URL / LENS_PROVIDER_TOKEN, else a
 * URL saved in the settings (the trace store keeps no secret) with its token in the hub's vault (the
 * OS key store in the desktop app; the CLI and browser mode store none).
 */

const SETTINGS_KEY = 'provider_endpoint';
// Null once a saved endpoint is forgotten (the settings keep JSON values and have no delete).
const SavedProvider = z.object({ url: ProviderUrl }).nullable();

function savedUrl(hub: ServiceHub): string | null {
  return hub.store().getSetting(SETTINGS_KEY, SavedProvider)?.url ?? null;
}

/** The endpoint mode `provider` calls now, or null when none is configured; a malformed one is an `invalid_input` error naming it. */
export function providerEndpointInUse(hub: ServiceHub): ProviderEndpoint | null {
  return resolveProviderEndpoint(hub.environment(), hub.vault, savedUrl(hub))?.endpoint ?? null;
}

/** What the renderer may know: the endpoint's URL and whether it has a token, or the problem with its setting. */
export function providerState(hub: ServiceHub): ProviderState {
  const vault = hub.vault.status();
  const secrets = { can_store: vault.canStore, ...vaultNoteFields(vault) };
  try {
    const resolved = resolveProviderEndpoint(hub.environment(), hub.vault, savedUrl(hub));
    return { endpoint: resolved ? providerEndpointInfo(resolved.endpoint, resolved.source) : null, problem: null, secrets };
  } catch (error) {
    // A malformed setting is shown as the problem it is, so the screen can say what to fix.
    if (!isLensError(error) || error.kind !== 'invalid_input') throw error;
    return { endpoint: null, ...problemFields(error), secrets };
  }
}

/**
 * Saves the endpoint's URL in the settings and its token in the vault, both or neither: a vault that
 * cannot keep secrets refuses before anything is written. A null URL forgets the saved endpoint and
 * its token.
 */
export function saveProviderEndpoint(hub: ServiceHub, input: { url: string | null; token?: string | undefined }): ProviderState {
  const store = hub.store();
  if (input.url === null) {
    store.setSetting(SETTINGS_KEY, null);
    hub.vault.delete(PROVIDER_TOKEN_SECRET);
    return providerState(hub);
  }
  const vault = hub.vault.status();
  if (input.token !== undefined && !vault.canStore)
    throw codedError('refused', serverError('provider_token_not_kept', { note: vaultNoteWords(vault) }), {
      hint: serverError('provider_token_not_kept_hint'),
    });
  if (input.token !== undefined) hub.vault.set(PROVIDER_TOKEN_SECRET, input.token);
  store.setSetting(SETTINGS_KEY, { url: input.url });
  return providerState(hub);
}
