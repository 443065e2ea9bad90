import {
  PROVIDER_TOKEN_SECRET,
  PROVIDER_TOKEN_VARIABLE,
  PROVIDER_URL_VARIABLE,
  ProviderEndpoint,
  endpointProblem,
} from '../../shared/provider/provider-endpoint';
import type { ProviderEndpointInfo } from '../../shared/provider/provider-endpoint';
import { codedError } from '../../shared/coded-error';
import { retrievalError } from '../../shared/errors/retrieval-error-messages';
import type { SecretVault } from '../secrets/secret-vault';

/**
 * Where the provider endpoint comes from: LENS_PROVIDER_URL and LENS_PROVIDER_TOKEN for the CLI and
 * browser mode (and the desktop app, whose environment is read too), else a URL saved in the
 * settings with its token in the secret vault (the OS key store). The token is kept nowhere else.
 */

/**
 * The endpoint `url` (and `token`) make, or an `invalid_input` error naming what is wrong and where
 * it came from (`origin`, e.g. "LENS_PROVIDER_URL" or "--provider"). The token never appears in it.
 */
export function providerEndpoint(url: string, token: string | undefined, origin: string): ProviderEndpoint {
  const parsed = ProviderEndpoint.safeParse({ url, ...(token ? { token } : {}) });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path[0] === 'token' ? PROVIDER_TOKEN_VARIABLE : origin;
  throw codedError('invalid_input', retrievalError('provider_endpoint_invalid', { field, problem: endpointProblem(issue) }), {
    hint: retrievalError('provider_endpoint_invalid_hint', {
      url_variable: PROVIDER_URL_VARIABLE,
      token_variable: PROVIDER_TOKEN_VARIABLE,
    }),
  });
}

/**
 * The endpoint configured by the environment: LENS_PROVIDER_URL, with LENS_PROVIDER_TOKEN as its
 * bearer token when set; null when LENS_PROVIDER_URL is not set. A URL given explicitly (say, by
 * `lens audit --provider URL`) takes the place of LENS_PROVIDER_URL and keeps the token.
 *
 * @throws LensError `invalid_input` when the URL is not an http(s) URL or carries a credential.
 */
export function providerEndpointFromEnv(env: NodeJS.ProcessEnv = process.env, url?: string): ProviderEndpoint | null {
  const given = url?.trim();
  const address = given || env[PROVIDER_URL_VARIABLE]?.trim();
  if (!address) return null;
  return providerEndpoint(address, env[PROVIDER_TOKEN_VARIABLE] || undefined, given ? 'the provider URL' : PROVIDER_URL_VARIABLE);
}

/** A resolved endpoint and where it came from. */
export interface ResolvedEndpoint {
  readonly endpoint: ProviderEndpoint;
  readonly source: ProviderEndpointInfo['source'];
}

/**
 * The endpoint in use: the environment's first, else `savedUrl` (from the settings) with the token
 * the vault keeps under `provider-token`; null when neither is configured.
 */
export function resolveProviderEndpoint(env: NodeJS.ProcessEnv, vault: SecretVault, savedUrl: string | null): ResolvedEndpoint | null {
  const fromEnv = providerEndpointFromEnv(env);
  if (fromEnv) return { endpoint: fromEnv, source: 'environment' };
  if (!savedUrl) return null;
  return { endpoint: providerEndpoint(savedUrl, vault.get(PROVIDER_TOKEN_SECRET) ?? undefined, 'the saved provider URL'), source: 'saved' };
}
