import { z } from 'zod';

/**
 * A sentence of the core as a message code with parameters: the code names a catalogue and a key
 * (`stage:packing`, i18next's `namespace:key`), each parameter is a value shown as it is or a list of
 * messages of its own (a clause the sentence is built from), worded in the same language and joined
 * with "; ". The English text a record keeps beside the code is worded from the English catalogue,
 * so the code and the sentence never drift apart.
 */

/** A parameter: a value shown as it is, or messages worded in the same language. */
export type CoreParam = string | number | boolean | readonly CoreMessage[];
export type CoreParams = Readonly<Record<string, CoreParam>>;

/** A message: the catalogue's `namespace:key` and its parameters. */
export interface CoreMessage {
  readonly code: string;
  readonly params?: CoreParams;
}

export const CoreParamSchema: z.ZodType<CoreParam> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.array(CoreMessageSchema).readonly()]),
);
export const CoreParamsSchema = z.record(z.string(), CoreParamSchema);
export const CoreMessageSchema: z.ZodType<CoreMessage> = z.lazy(() =>
  z.object({ code: z.string().min(1), params: CoreParamsSchema.optional() }),
);

/** The languages the core's sentences are worded in. */
export type CoreLanguage = 'en' | 'ko';

/** One catalogue: a wording per key and language (i18next's `{{name}}` placeholders). */
export type CoreCatalogue = Readonly<Record<CoreLanguage, Readonly<Record<string, string>>>>;

/**
 * Where a sentence is read. The app's screens word a code from its `<key>_screen` entry where the
 * catalogue has one: a hint that names a CLI command (`lens principals list`) names what the screen
 * offers instead. Everything else, and every other reader, takes the code's own wording.
 */
export type CoreReader = 'command' | 'screen';

/**
 * Words `message` from `catalogues` in `language`; null when its code is in none of them (a code
 * newer than this build, or a typo: the caller then shows the English sentence the record keeps).
 */
export function wordCoreMessage(
  message: CoreMessage,
  catalogues: Readonly<Record<string, CoreCatalogue>>,
  language: CoreLanguage = 'en',
  reader: CoreReader = 'command',
): string | null {
  const [namespace = '', key] = message.code.split(':', 2);
  const wordings = catalogues[namespace]?.[language];
  const template = key === undefined ? undefined : ((reader === 'screen' ? wordings?.[`${key}_screen`] : undefined) ?? wordings?.[key]);
  if (template === undefined) return null;
  const params = message.params ?? {};
  const parts = templateParts(template);
  let text = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    const value = params[name];
    // Figures as figures in both languages: they sit beside ids and Cypher, and the CLI's English must not change.
    if (typeof value === 'string') text += SENTENCE_OR_LIST_PARAMS.has(name) ? value : shownParam(value, language);
    else if (value !== undefined && typeof value !== 'object') text += String(value);
    else if (value !== undefined) {
      const worded: string[] = [];
      for (const part of value) {
        const one = wordCoreMessage(part, catalogues, language, reader);
        if (one === null) return null;
        worded.push(one);
      }
      text += worded.join('; ');
    }
    text += parts[i + 1] as string;
  }
  return text;
}

/** The longest value a sentence quotes whole (an id, a file name, a URI); a longer one is cut, saying its length. */
export const MAX_QUOTED_PARAM = 200;

/**
 * Parameters that carry a sentence (another error's message, zod's or a schema's words, a reason) or
 * a list a sentence is built from (files, names, values), which are shown whole: what they hold was
 * worded or capped where it was made. Every other string parameter quotes one value — an id, a file
 * name, a path, a URI — and is cut past MAX_QUOTED_PARAM characters, so a principal id of 100 KB
 * does not make a message of 100 KB. Copy and export features read the value itself, never a sentence.
 */
const SENTENCE_OR_LIST_PARAMS: ReadonlySet<string> = new Set([
  ...['message', 'hint', 'text', 'detail', 'cause', 'error', 'problem', 'problems', 'reason', 'reasons', 'why', 'issue'],
  ...['about', 'note', 'fix', 'usage', 'files', 'names', 'values', 'present', 'keys', 'ids', 'paths', 'options', 'choices'],
  ...['accepted', 'modes', 'groups', 'partitions', 'principals', 'labels', 'properties', 'identifiers', 'chunk_ids', 'fields'],
  ...['lines', 'chain', 'statuses', 'counts', 'differences', 'metrics', 'criteria'],
]);

/** How a value cut past MAX_QUOTED_PARAM ends: an ellipsis and its whole length, in each language (namespace `param`). */
export const PARAM_MESSAGES: CoreCatalogue = {
  en: { cut_tail: '… ({{length}} characters)' },
  ko: { cut_tail: '… ({{length}}자)' },
};

/** `value` as a sentence quotes it: whole up to MAX_QUOTED_PARAM characters, else its start, an ellipsis and its length. */
function shownParam(value: string, language: CoreLanguage): string {
  if (value.length <= MAX_QUOTED_PARAM) return value;
  const characters = Array.from(value);
  if (characters.length <= MAX_QUOTED_PARAM) return value;
  const length = characters.length.toLocaleString('en-US');
  const tail = PARAM_MESSAGES[language].cut_tail ?? PARAM_MESSAGES.en.cut_tail ?? '';
  return characters.slice(0, MAX_QUOTED_PARAM).join('') + tail.replace('{{length}}', length);
}

/** Each wording cut at its `{{name}}`s once: the text before the first, then each name and the text after it. */
const TEMPLATE_PARTS = new Map<string, readonly string[]>();

/** `template` as literal text and placeholder names alternating (a catalogue's wordings are finite, so the map is too). */
function templateParts(template: string): readonly string[] {
  let parts = TEMPLATE_PARTS.get(template);
  if (parts === undefined) {
    parts = template.split(/\{\{(\w+)\}\}/);
    TEMPLATE_PARTS.set(template, parts);
  }
  return parts;
}

/** The `{{names}}` a wording uses, sorted and deduplicated (for the catalogue tests). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? ''))].sort();
}

/** A typed builder of one catalogue's messages: only its keys compile, each prefixed with its namespace. */
export function messageBuilder<Namespace extends string, Code extends string>(namespace: Namespace) {
  return (code: Code, params: CoreParams = {}): { readonly code: `${Namespace}:${Code}`; readonly params: CoreParams } => ({
    code: `${namespace}:${code}`,
    params,
  });
}
