const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A cached number format in the UI's language, not the browser's (a German browser showing the English UI
 * wrote 8.500 for eight thousand five hundred); building one per cell is what makes scrolling slow, so each is built once.
 */
export function numberFormat(
  language: string,
  minimumFractionDigits: number,
  maximumFractionDigits = minimumFractionDigits,
): Intl.NumberFormat {
  const key = `${language}/${minimumFractionDigits}/${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits, maximumFractionDigits });
    numberFormats.set(key, format);
  }
  return format;
}

/** A number in the UI language: whole numbers as they are (1,234), fractions to one decimal (212.5 ms). */
export function formatNumber(value: number, language: string): string {
  return numberFormat(language, 0, Number.isInteger(value) ? 0 : 1).format(value);
}
