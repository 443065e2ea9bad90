import { messageBuilder } from '../core-message';

/**
 * Errors of the trace store, settings, secrets and the CLI's commands (namespace `error_store`): each sentence and its hint as a code with parameters,
 * worded in English here (the CLI, the error's `message`) and in Korean for the renderer. Built with
 * `codedError(kind, storeError('code', {…}), { hint: storeError('code_hint') })` (shared/coded-error.ts);
 * the English wording is the sentence the error said before it had a code, so messages do not change.
 */

const en = {
  placeholder_unused: 'This code is not used yet.',
} as const;

/** A code of this catalogue. */
export type StoreErrorCode = keyof typeof en;

const ko: Readonly<Record<StoreErrorCode, string>> = {
  placeholder_unused: '아직 쓰이지 않는 코드입니다.',
};

/** The catalogue, in every language of the UI. */
export const STORE_ERROR_MESSAGES: Readonly<Record<'en' | 'ko', Readonly<Record<string, string>>>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const storeError = messageBuilder<'error_store', StoreErrorCode>('error_store');
