import { coreEnglish } from '../../shared/core-catalogues';
import type { CoreMessage } from '../../shared/core-message';
import type { LoadProblem, SkippedFile } from './corpus-model';

/** A file that failed: its English sentence worded from `said`, and the code beside it. */
export function loadProblem(file: string, line: number | null, said: CoreMessage): LoadProblem {
  return { file, line, message: coreEnglish(said), message_code: said.code, message_params: said.params ?? {} };
}

/** A file left out on purpose: its English sentence worded from `said`, and the code beside it. */
export function skippedFile(file: string, reason: SkippedFile['reason'], said: CoreMessage): SkippedFile {
  return { file, reason, message: coreEnglish(said), message_code: said.code, message_params: said.params ?? {} };
}
