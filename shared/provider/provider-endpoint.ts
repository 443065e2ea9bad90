import { z } from 'zod';
import { wordCoreMessage, type CoreMessage } from '../core-message';
import { RETRIEVAL_ERROR_MESSAGES, retrievalError } from '../errors/retrieval-error-messages';
import { redactUri, secretParameterNames, splitUserInfo } from '../redact-uri';

/** The environment variables that configure the endpoint for the CLI and browser mode. */
export const PROVIDER_URL_VARIABLE = 'LENS_PROVIDER_URL';
export const PROVIDER_TOKEN_VARIABLE = 'LENS_PROVIDER_TOKEN';

/** The name the bearer token is kept under in a secret vault (the OS key store in the desktop app). */
export const PROVIDER_TOKEN_SECRET = 'provider-token';

/** An http(s) URL with a host (shared/ has no URL class: neither DOM nor Node types). */
const HTTP_URL = /^https?:\/\/[^\s/?#@]*@?[^\s/?#@]+(?:[/?#]\S*)?$/i;
const isHttpUrl = (text: string) => HTTP_URL.test(text);

/** A refinement's issue: the English sentence as zod's message, and its code in `params.said` for the error built from it. */
function saidIssue(said: CoreMessage): { message: string; params: { said: CoreMessage } } {
  return { message: wordCoreMessage(said, { error_retrieval: RETRIEVAL_ERROR_MESSAGES }) ?? said.code, params: { said } };
}

/** The sentence of a provider endpoint's schema problem: its code where the refinement gave one, else zod's own words. */
export function endpointProblem(issue: z.core.$ZodIssue | undefined): CoreMessage[] | string {
  const said = issue?.code === 'custom' ? (issue.params as { said?: CoreMessage } | undefined)?.said : undefined;
  if (said) return [said];
  return issue?.message ?? '';
}

/**
 * The address of a team's context-provider endpoint: an http(s) URL with no credentials in it (the
 * URL is shown and recorded, so a password or a `?token=` in it would leak). The bearer token is
 * apart, held in a secret vault or the environment, and never recorded.
 */
export const ProviderUrl = z
  .string()
  .trim()
  .refine(isHttpUrl, saidIssue(retrievalError('provider_url_not_http')))
  .refine(
    (text) => splitUserInfo(text).userInfo === null && secretParameterNames(text).length === 0,
    saidIssue(retrievalError('provider_url_credential', { variable: PROVIDER_TOKEN_VARIABLE })),
  );

/** A configured provider endpoint: where to POST the ContextRequest, and the bearer token, if any. */
export const ProviderEndpoint = z
  .object({
    url: ProviderUrl,
    token: z.string().min(1).optional(),
  })
  .strict();
export type ProviderEndpoint = z.infer<typeof ProviderEndpoint>;

/** What the renderer and reports may know of the endpoint: its URL, and only whether a token is set. */
export const ProviderEndpointInfo = z.object({
  url: z.string(),
  has_token: z.boolean(),
  source: z.enum(['environment', 'saved', 'given']),
});
export type ProviderEndpointInfo = z.infer<typeof ProviderEndpointInfo>;

/** The endpoint as the renderer and reports may see it (never the token). */
export function providerEndpointInfo(endpoint: ProviderEndpoint, source: ProviderEndpointInfo['source']): ProviderEndpointInfo {
  return { url: redactUri(endpoint.url), has_token: endpoint.token !== undefined, source };
}
