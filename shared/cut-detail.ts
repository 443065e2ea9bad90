import { coreEnglish } from './core-catalogues';
import type { CoreMessage, CoreParams } from './core-message';

/** A cut's detail as a record keeps it: the English worded from the code, beside the code and its parameters. */
export function cutDetail(message: CoreMessage): { detail: string; detail_code: string; detail_params: CoreParams } {
  return { detail: coreEnglish(message), detail_code: message.code, detail_params: message.params ?? {} };
}
