import { codePointName } from './code-point';

/**
 * Text from the graph, a bundle or a provider is anyone's data, and some characters change how it
 * reads without being seen: a bidi embedding, override or isolate reorders what follows it
 * (`invoice\u202Etxt.exe` reads as `invoiceexe.txt`), and the invisible spaces that join nothing
 * make `u-guest\u200B` look like `u-guest`. The UI draws each as a visible token (`⟨U+202E⟩`), as
 * the CLI escapes them (electron/cli/terminal-text.ts); the value itself is never changed, so an id
 * still finds what it names. Bidi marks (LRM, RLM, ALM) and zero-width joiners stay: right-to-left
 * text and emoji need them, and none reorders a run of letters.
 */
const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/g;

/** `text` with every reordering or invisible character drawn as `⟨U+XXXX⟩`. */
export function revealHidden(text: string): string {
  return text.replace(HIDDEN, (char) => `⟨${codePointName(char)}⟩`);
}
