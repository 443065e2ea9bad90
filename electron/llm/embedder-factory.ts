import type { EmbedderChoice } from '../../shared/llm-config';
import type { Embedder } from '../corpus/embedder';
import { createHashingEmbedder } from '../corpus/hashing-embedder';
import { createOpenAiClient, type OpenAiEndpoint } from './openai-client';
import { createOpenAiEmbedder } from './openai-embedder';

/**
 * The embedder `choice` names: the local hashing embedder, or a model behind the OpenAI embeddings
 * API at `choice.base_url`, else `endpoint.baseUrl` (OPENAI_BASE_URL), else OpenAI, with
 * `endpoint.apiKey`. Building it makes no request: a wrong model or key shows on first use.
 */
export function createEmbedder(choice: EmbedderChoice, endpoint: OpenAiEndpoint = {}, env: NodeJS.ProcessEnv = process.env): Embedder {
  if (choice.provider === 'hashing') return createHashingEmbedder();
  const baseUrl = choice.base_url ?? endpoint.baseUrl;
  const client = createOpenAiClient({ ...(baseUrl ? { baseUrl } : {}), ...(endpoint.apiKey ? { apiKey: endpoint.apiKey } : {}) }, env);
  return createOpenAiEmbedder(choice, { client });
}
