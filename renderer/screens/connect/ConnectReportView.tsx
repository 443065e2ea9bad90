import type { ConnectReport } from '../../../shared/connect-report';
import { MismatchList } from './MismatchList';
import { ReadOnlyStatus } from './ReadOnlyStatus';
import { SchemaSummary } from './SchemaSummary';
import { ServerFacts } from './ServerFacts';

/** The connect report: server, read-only status, how the graph fits the profile, and what it holds. */
export function ConnectReportView({ report }: { report: ConnectReport }) {
  return (
    <div className="cn-report" data-source={report.source}>
      <ServerFacts report={report} />
      <ReadOnlyStatus readOnly={report.read_only} warnings={report.warnings} warningMessages={report.warning_messages} />
      <MismatchList mismatches={report.mismatches} profile={report.profile} />
      <SchemaSummary schema={report.schema} />
    </div>
  );
}
