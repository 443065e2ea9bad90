import type { CoreLanguage } from '../../shared/core-message';

/** A language range of Accept-Language with an optional weight: `ko-KR`, `en;q=0.8`, `*;q=0.1`. */
const RANGE = /^\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?))?\s*$/;

/**
 * The language of a plain-text page of browser mode (the old-link 403, the 404): the one of the UI's
 * languages the browser prefers most in its Accept-Language (RFC 9110 §12.5.4: the highest weight,
 * the first listed of equal weights; q=0 means not wanted), else English. These pages are answered
 * before the session is known, so the app's saved language is not theirs to read; a malformed range
 * is skipped, never an error.
 */
export function pageLanguage(acceptLanguage: string | undefined): CoreLanguage {
  let best: CoreLanguage = 'en';
  let bestWeight = 0;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const match = RANGE.exec(part);
    if (!match) continue;
    const primary = (match[1] ?? '').split('-')[0]?.toLowerCase();
    const weight = match[2] === undefined ? 1 : Number(match[2]);
    if ((primary === 'ko' || primary === 'en') && weight > bestWeight) {
      best = primary;
      bestWeight = weight;
    }
  }
  return best;
}
