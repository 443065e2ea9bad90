import { describe, expect, it } from 'vitest';
import type { OperationCaller } from '../../../electron/audit/operation-caller';
import { checkProviderEndpoint } from '../../../electron/audit/provider-endpoint-check';
import { wordCore } from '../../../shared/core-catalogues';
import { retrievalError } from '../../../shared/errors/retrieval-error-messages';
import { coreEnglish } from '../../../shared/core-catalogues';
import { rejectionOf } from '../../support/lens-error-of';

const answering = (state: object) => (async () => state) as unknown as OperationCaller;

describe('checkProviderEndpoint', () => {
  it('says an endpoint that cannot be used as a code naming the URL and its problem, in English and Korean, with what to do', async () => {
    const said = retrievalError('provider_url_not_http');
    const state = { endpoint: null, problem: coreEnglish(said), problem_code: said.code, problem_params: {}, secrets: {} };
    const error = await rejectionOf(checkProviderEndpoint(answering(state), 'file:///etc/passwd'));
    expect(error.kind).toBe('invalid_input');
    expect(error.said?.code).toBe('error_retrieval:provider_endpoint_unusable');
    expect(error.message).toBe(
      'The provider endpoint for --provider file:///etc/passwd cannot be used: the provider endpoint must be an http:// or https:// URL, e.g. http://127.0.0.1:8080/context',
    );
    expect(wordCore(error.said!, 'ko')).toBe(
      '--provider file:///etc/passwd의 제공자 엔드포인트를 쓸 수 없습니다: 제공자 엔드포인트는 http:// 또는 https:// URL이어야 합니다(예: http://127.0.0.1:8080/context)',
    );
    expect(error.hintSaid?.code).toBe('error_retrieval:provider_endpoint_unusable_hint');
  });

  it('says no endpoint is configured, and masks credentials in the URL it names', async () => {
    const error = await rejectionOf(checkProviderEndpoint(answering({ endpoint: null, problem: null }), 'http://user:pw@127.0.0.1:1/x'));
    expect(error.message).toBe('The provider endpoint for --provider http://***@127.0.0.1:1/x cannot be used: no endpoint is configured');
    expect(wordCore(error.said!, 'ko')).toContain('설정된 엔드포인트가 없습니다');
  });
});
