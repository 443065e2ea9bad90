import { useCallback, useState } from 'react';
import { bundleSizeProblem, type TraceImportResult } from '../../../shared/trace-import';
import { useLensClient } from '../../app/lens-client-context';
import { escapedSizeProblem } from '../../../shared/escaped-size';

/** An import as the screen shows it: the file, and what came of it. */
export type ImportState =
  | { readonly state: 'idle' }
  | { readonly state: 'busy'; readonly fileName: string }
  | { readonly state: 'done'; readonly fileName: string; readonly result: TraceImportResult }
  | { readonly state: 'failed'; readonly fileName: string; readonly error: unknown };

/**
 * Imports a bundle file chosen in the Traces screen with `traces.import` (the checks of `lens traces
 * import`, run by run), then calls `onImported` so the list shows the new runs.
 */
export function useTraceImport(onImported: () => void): {
  readonly importState: ImportState;
  readonly importFile: (file: File) => void;
  readonly dismissImport: () => void;
} {
  const client = useLensClient();
  const [importState, setImportState] = useState<ImportState>({ state: 'idle' });

  const importFile = useCallback(
    (file: File) => {
      const fileName = file.name;
      // Over the cap (in bytes, as the door measures the text), a file is refused before it is read, in the door's words.
      const tooLarge = bundleSizeProblem(fileName, file.size);
      if (tooLarge) {
        setImportState({ state: 'failed', fileName, error: tooLarge });
        return;
      }
      setImportState({ state: 'busy', fileName });
      file
        .text()
        .then((content) => {
          // Control characters written raw grow sixfold as JSON: such a text is refused here, naming the file, not by the transport.
          const escapes = escapedSizeProblem(fileName, content);
          if (escapes) throw escapes;
          return client['traces.import']({ content, file_name: fileName });
        })
        .then(
          (result) => {
            setImportState({ state: 'done', fileName, result });
            if (result.imported > 0) onImported();
          },
          (error: unknown) => setImportState({ state: 'failed', fileName, error }),
        );
    },
    [client, onImported],
  );

  const dismissImport = useCallback(() => setImportState({ state: 'idle' }), []);
  return { importState, importFile, dismissImport };
}
