import { messageBuilder } from '../core-message';

/**
 * Errors of the local Neo4j server, the connection and read gateway, the demo and synthetic graphs, services, the web host and the API doors (namespace `error_server`): each sentence and its hint as a code with parameters,
 * worded in English here (the CLI, the error's `message`) and in Korean for the renderer. Built with
 * `codedError(kind, serverError('code', {…}), { hint: serverError('code_hint') })` (shared/coded-error.ts);
 * the English wording is the sentence the error said before it had a code, so messages do not change.
 */

const en = {
  placeholder_unused: 'This code is not used yet.',
} as const;

/** A code of this catalogue. */
export type ServerErrorCode = keyof typeof en;

const ko: Readonly<Record<ServerErrorCode, string>> = {
  placeholder_unused: '아직 쓰이지 않는 코드입니다.',
};

/** The catalogue, in every language of the UI. */
export const SERVER_ERROR_MESSAGES: Readonly<Record<'en' | 'ko', Readonly<Record<string, string>>>> = { en, ko };

/** A message of this catalogue, typed so that only its codes can be built. */
export const serverError = messageBuilder<'error_server', ServerErrorCode>('error_server');
