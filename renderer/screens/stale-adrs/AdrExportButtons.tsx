import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../../../shared/adr-marks';
import { ErrorBox } from '../../app/error-box';
import { useLensClient } from '../../app/lens-client-context';
import { downloadFile } from '../traces/download-json';
import { fileStamp } from '../../app/time-format';

const FORMATS: readonly { format: ExportFormat; extension: string; type: string }[] = [
  { format: 'cypher', extension: 'cypher', type: 'text/plain' },
  { format: 'json', extension: 'json', type: 'application/json' },
  { format: 'csv', extension: 'csv', type: 'text/csv' },
];

/** Downloads the change set of the marks in force (adr.export) as a Cypher, JSON or CSV file. */
export function AdrExportButtons() {
  const { t } = useTranslation('adrs');
  const client = useLensClient();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const run = (format: ExportFormat, extension: string, type: string) => {
    setDone(null);
    setFailure(null);
    client['adr.export']({ format }).then(
      (exported) => {
        downloadFile(`stale-marks-${fileStamp()}.${extension}`, exported.content, type);
        setDone(t('export_done', { count: exported.marks, format: t(`export_${format}`) }));
      },
      (error: unknown) => setFailure(error),
    );
  };
  return (
    <div className="adr-export" data-testid="adr-export">
      <span className="muted">{t('export_title')}:</span>{' '}
      {FORMATS.map(({ format, extension, type }) => (
        <button key={format} type="button" onClick={() => run(format, extension, type)} data-testid={`adr-export-${format}`}>
          {t(`export_${format}`)}
        </button>
      ))}{' '}
      <span role="status" data-testid="adr-export-status">
        {done}
      </span>
      {failure ? (
        <>
          <p>{t('export_failed')}</p>
          <ErrorBox error={failure} />
        </>
      ) : null}
    </div>
  );
}
