import { useTranslation } from 'react-i18next';
import { accessClauseMessage, knownAccessReason } from '../../../shared/acl/access-messages';
import type { Comparison, Leak } from '../../../shared/compare/comparison';
import { leakCsv } from '../../../shared/compare/leak-csv';

/** UTF-8's byte order mark: spreadsheets read a CSV file that begins with it as UTF-8, so Korean text opens as written. */
const UTF8_BOM = '\uFEFF';

/**
 * The leaks of a comparison as the CSV file the Compare screen saves: the reason and the why worded
 * in the UI's language, as the leak banner words them (the failed clauses, or the leak check's own sentence).
 */
export function useLeakCsvFile(): (comparison: Comparison) => string {
  const { t } = useTranslation('compare');
  const reason = (leak: Leak): string => {
    const { access } = leak;
    if (access.state !== 'denied') return t('csv_reason_not_found');
    const known = knownAccessReason(access.reason);
    return known ? t(known, { ns: 'access_reason' }) : access.reason;
  };
  const why = (leak: Leak): string => {
    const { access } = leak;
    if (access.state !== 'denied')
      return t('why_not_found', { side: leak.side.toUpperCase(), principal: leak.principal_id, ...access.node });
    const via = access.via ? `${t('leak_via', access.via)}: ` : '';
    if (access.message) return via + t(access.message.code, { ns: 'access', ...access.message.params });
    const clauses = access.failed.map((clause) => {
      const message = accessClauseMessage(clause);
      return t(message.code, { ns: 'access', ...message.params });
    });
    return via + (clauses.length > 0 ? clauses.join('; ') : access.rule);
  };
  return (comparison) => UTF8_BOM + leakCsv(comparison, { reason, why });
}
