import { messageBuilder } from '../core-message';

/**
 * Errors of retrieval, the provider, the LLM client, explanations, provenance, compare, audit, evaluation, ADR marks and corpora (namespace `error_retrieval`): each sentence and its hint as a code with parameters,
 * worded in English here (the CLI, the error's `message`) and in Korean for the renderer. Built with
 * `codedError(kind, retrievalError('code', {…}), { hint: retrievalError('code_hint') })` (shared/coded-error.ts);
 * the English wording is the sentence the error said before it had a code, so messages do not change.
 */

const en = {
  placeholder_unused: 'This code is not used yet.',
} as const;

/** A code of this catalogue. */
export type RetrievalErrorCode = keyof typeof en;

const ko: Readonly<Record<RetrievalErrorCode, string>> = {
  placeholder_unused: '아직 쓰이지 않는 코드입니다.',
};

/** The catalogue, in every language of the UI. */
export const RETRIEVAL_ERROR_MESSAGES: Readonly<Record<'en' | 'ko', Readonly<Record<string, string>>>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const retrievalError = messageBuilder<'error_retrieval', RetrievalErrorCode>('error_retrieval');
