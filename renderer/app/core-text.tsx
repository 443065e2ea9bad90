import { useTranslation } from 'react-i18next';
import type { StageRecord } from '../../shared/context-contract';
import { coreSentence } from '../../shared/core-catalogues';
import type { CoreLanguage, CoreParams } from '../../shared/core-message';
import { isLensError, type ProblemLine } from '../../shared/lens-error';

/** The UI's language as the core's catalogues know it (anything but Korean reads English). */
export function coreLanguage(language: string | undefined): CoreLanguage {
  return language?.startsWith('ko') ? 'ko' : 'en';
}

/** Words a core sentence (code, parameters, stored English) in a language: the code where this build knows it, else the English. */
export type CoreText = (code: string | undefined, params: CoreParams | undefined, english: string | undefined) => string | undefined;

/**
 * The wording of the core's sentences in the UI's language: a message code with its parameters
 * from the shared catalogues, and the English sentence the record keeps for a run recorded before
 * codes existed (or by a newer build with codes this one lacks).
 */
export function useCoreText(): CoreText {
  const { i18n } = useTranslation();
  const language = coreLanguage(i18n.language);
  // Worded for the screen: a hint naming a CLI command says what the screen offers instead.
  return (code, params, english) => coreSentence(code, params, english, language, 'screen');
}

/** Something the core said in a `note` field, with its code where it has one (a vault's note, the privileges note). */
export interface CoreNote {
  readonly note: string;
  readonly note_code?: string;
  readonly note_params?: CoreParams;
}

/** Words `note` fields in the UI's language, falling back to the English the record keeps. */
export function useCoreNote(): (holder: CoreNote) => string {
  const text = useCoreText();
  return (holder) => text(holder.note_code, holder.note_params, holder.note) ?? holder.note;
}

/** A stage's note in the UI's language (nothing when the stage has none). */
export function stageNoteText(stage: StageRecord, text: CoreText): string | undefined {
  return text(stage.note_code, stage.note_params, stage.note);
}

/** A stage's note line, for the timeline and anything that replaces it. */
export function StageNote({ stage, className = 'wb-stage-note' }: { stage: StageRecord; className?: string }) {
  const note = stageNoteText(stage, useCoreText());
  return note ? <div className={className}>{note}</div> : null;
}

/**
 * An error's sentence, what to do, and its further problems (a file's second and later ones), in
 * the UI's language where the error carries codes.
 */
export function useErrorText(error: unknown): { message: string; hint: string | undefined; more: string[] } {
  const text = useCoreText();
  if (!isLensError(error)) return { message: error instanceof Error ? error.message : String(error), hint: undefined, more: [] };
  return {
    message: text(error.said?.code, error.said?.params, error.message) ?? error.message,
    hint: text(error.hintSaid?.code, error.hintSaid?.params, error.hint),
    // A LensError of another module copy (isLensError accepts one) may predate the field.
    more: ((error.moreProblems as readonly ProblemLine[] | undefined) ?? []).map(
      (line) => text(line.code, line.params, line.text) ?? line.text,
    ),
  };
}
