import type { ConnectReport } from '../../../shared/connect-report';
import { GraphSupport } from './GraphSupport';
import { MismatchList } from './MismatchList';
import { ReadOnlyStatus } from './ReadOnlyStatus';
import { SchemaSummary } from './SchemaSummary';
import { ServerFacts } from './ServerFacts';

/** The connect report: server, read-only status, what the graph supports, how it fits the profile, and what it holds. */
export function ConnectReportView({ report }: { report: ConnectReport }) {
  return (
    <div className="cn-report" data-source={report.source}>
      <ServerFacts report={report} />
      <ReadOnlyStatus readOnly={report.read_only} warnings={report.warnings} warningMessages={report.warning_messages} />
      {report.capabilities ? <GraphSupport capabilities={report.capabilities} /> : null}
      <MismatchList mismatches={report.mismatches} profile={report.profile} />
      <SchemaSummary schema={report.schema} />
    </div>
  );
}
