import {
  activateLocale,
  checkCsvFile,
  CsvFileError,
  decodeCsvBytes,
  describeProcessingFailure,
  PREVIEW_ROW_LIMIT,
  previewRows,
  processCsv,
  t,
  type ImportType,
  type ProcessResult,
} from '@sciai/core';
import { estimateRows, type FromWorker, type ToWorker } from './csv-import-protocol.ts';

/**
 * Runs core's parse → validate (→ duplicates) off the page's thread, so a 20 MB file neither
 * freezes the page nor its progress bar. Started once per file by the CSV import page; keeps the
 * file's rows until the import asks for them.
 */
const post = (message: FromWorker) => self.postMessage(message);

let nextRequest = 0;
const pending = new Map<number, { resolve: (keys: string[]) => void; reject: (error: Error) => void }>();
let fullResult: ProcessResult | undefined;

/** Existing duplicates, looked up by the page (it holds the admin's session). */
function askExisting(type: ImportType, keys: string[]): Promise<string[]> {
  const requestId = ++nextRequest;
  return new Promise((resolve, reject) => {
    pending.set(requestId, { resolve, reject });
    post({ kind: 'find-existing', requestId, type, keys });
  });
}

async function processFile(message: Extract<ToWorker, { kind: 'process' }>): Promise<void> {
  try {
    checkCsvFile(message.file);
    const text = decodeCsvBytes(new Uint8Array(await message.file.arrayBuffer()));
    const dependencies = { domains: message.domains, findExisting: askExisting };
    // A row's status depends only on the rows before it, so the first 100 rows processed alone
    // are exactly the preview of the whole file: shown within a moment, whatever the file's size.
    post({
      kind: 'first-rows',
      result: await processCsv(text, message.type, dependencies, { firstRows: PREVIEW_ROW_LIMIT }),
    });
    const estimatedRows = estimateRows(text);
    fullResult = await processCsv(text, message.type, dependencies, {
      onProgress: (progress) => post({ kind: 'progress', progress, estimatedRows }),
    });
    post({ kind: 'result', result: { ...fullResult, rows: previewRows(fullResult) } });
  } catch (error) {
    const title = error instanceof CsvFileError ? error.title : t('Processing Error');
    post({ kind: 'failed', title, message: describeProcessingFailure(error) });
  }
}

self.addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.kind === 'process') {
    activateLocale(message.locale, message.messages);
    void processFile(message);
    return;
  }
  if (message.kind === 'send-full-result') {
    if (fullResult) post({ kind: 'full-result', result: fullResult });
    else post({ kind: 'failed', title: t('Upload Error'), message: t('The file has not been processed yet') });
    return;
  }
  const waiting = pending.get(message.requestId);
  pending.delete(message.requestId);
  if (message.kind === 'existing') waiting?.resolve(message.keys);
  else waiting?.reject(new Error(message.message));
});
