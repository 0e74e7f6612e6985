import { useCallback, useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import useSWR from 'swr';
import {
  activeI18n,
  checkCsvFile,
  CsvFileError,
  currentLocale,
  IMPORT_MESSAGES,
  ImportWriteError,
  insertFailed,
  processingToast,
  skippedSummary,
  uploadSuccess,
  type ImportDomain,
  type ImportType,
  type ProcessResult,
} from '@sciai/core';
import {
  fetchImportDomains,
  findExistingImportKeys,
  importDomainsKey,
  importProcessedCsv,
} from '../data/csv-import.ts';
import { importPercent, processingPercent, type FromWorker, type ToWorker } from '../workers/csv-import-protocol.ts';
import { t } from '../i18n/index.ts';

export type CsvImportTab = 'upload' | 'preview' | 'import';

const failure = (title: string, message: string) => notifications.show({ color: 'red', title, message });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : undefined);

/**
 * The CSV import flow (docs/product.md#csv-flow): upload → preview → import. Processing runs in a worker per file;
 * both progress bars follow real work (rows read and validated, chunks staged, the commit).
 */
export function useCsvImport() {
  const [type, setTypeState] = useState<ImportType>('paper');
  const [file, setFile] = useState<File | null>(null);
  const [tab, setTab] = useState<CsvImportTab>('upload');
  /** The file's counts and errors with at most its first 100 rows; partial until `complete`. */
  const [result, setResult] = useState<ProcessResult | null>(null);
  const [complete, setComplete] = useState(false);
  const [processing, setProcessing] = useState<number | null>(null);
  const [importing, setImporting] = useState<number | null>(null);
  // loaded with the page, so processing starts the moment the file is chosen
  const taxonomy = useSWR(importDomainsKey(), fetchImportDomains);
  const worker = useRef<Worker | null>(null);
  /** Waiting for the worker's full rows, which the import asks for. */
  const awaitingRows = useRef<{ resolve: (result: ProcessResult) => void; reject: (error: Error) => void } | null>(
    null,
  );

  const stopWorker = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
    awaitingRows.current?.reject(new Error('The file was closed'));
    awaitingRows.current = null;
  }, []);
  useEffect(() => stopWorker, [stopWorker]);

  const clearResult = () => {
    stopWorker();
    setProcessing(null);
    setResult(null);
    setComplete(false);
    setTab('upload');
  };

  const setType = (next: ImportType) => {
    setTypeState(next);
    clearResult();
  };

  /** Choosing a file clears any earlier result; a file that is not a CSV is refused at once. */
  const chooseFile = (next: File | null) => {
    clearResult();
    if (next) {
      try {
        checkCsvFile(next);
      } catch (error) {
        if (error instanceof CsvFileError) failure(error.title, error.message);
        setFile(null);
        return;
      }
    }
    setFile(next);
  };

  const finishProcessing = (done: ProcessResult) => {
    setProcessing(null);
    setResult(done);
    setComplete(true);
    notifications.show({
      color: 'teal',
      title: t('Processing Complete'),
      message: processingToast(done.totalRows, done.validCount, done.invalidCount),
    });
  };

  const process = async () => {
    if (!file || processing !== null) return;
    stopWorker();
    setResult(null);
    setComplete(false);
    setProcessing(0);
    let domains: ImportDomain[];
    try {
      domains = taxonomy.data ?? (await fetchImportDomains());
    } catch (error) {
      setProcessing(null);
      failure(t('Processing Error'), messageOf(error) ?? t('Failed to process CSV'));
      return;
    }
    const started = new Worker(new URL('../workers/csv-import.worker.ts', import.meta.url), { type: 'module' });
    worker.current = started;
    const send = (message: ToWorker) => started.postMessage(message);
    started.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      if (worker.current !== started) return;
      const message = event.data;
      if (message.kind === 'progress') {
        // Rows are read, then checked against the catalog, a batch at a time: the bar never goes back.
        const percent = processingPercent(message.progress, message.estimatedRows);
        setProcessing((current) => Math.max(current ?? 0, percent));
      } else if (message.kind === 'find-existing') {
        findExistingImportKeys(message.type, message.keys).then(
          (keys) => send({ kind: 'existing', requestId: message.requestId, keys }),
          (error: unknown) =>
            send({
              kind: 'existing-failed',
              requestId: message.requestId,
              message: messageOf(error) ?? t('Unknown error'),
            }),
        );
      } else if (message.kind === 'first-rows') {
        setResult(message.result);
        setTab('preview');
      } else if (message.kind === 'result') {
        finishProcessing(message.result);
      } else if (message.kind === 'full-result') {
        awaitingRows.current?.resolve(message.result);
        awaitingRows.current = null;
      } else if (awaitingRows.current) {
        awaitingRows.current.reject(new Error(message.message));
        awaitingRows.current = null;
      } else {
        stopWorker();
        setProcessing(null);
        setResult(null);
        setTab('upload');
        failure(message.title, message.message);
      }
    });
    started.addEventListener('error', (event) => {
      if (worker.current !== started) return;
      stopWorker();
      setProcessing(null);
      failure(t('Processing Error'), event.message || t('Failed to process CSV'));
    });
    send({ kind: 'process', file, type, domains, locale: currentLocale(), messages: activeI18n().messages });
  };

  /** Every row of the processed file, from the worker that holds them. */
  const fetchFullResult = () =>
    new Promise<ProcessResult>((resolve, reject) => {
      const current = worker.current;
      if (!current) return reject(new Error('The file was closed'));
      awaitingRows.current = { resolve, reject };
      current.postMessage({ kind: 'send-full-result' } satisfies ToWorker);
    });

  const runImport = async () => {
    if (!result || !complete || !file || importing !== null) return;
    if (result.validCount === 0) {
      failure(t('Upload Error'), IMPORT_MESSAGES.noValidData);
      return;
    }
    setImporting(0);
    try {
      const rows = await fetchFullResult();
      const outcome = await importProcessedCsv(rows, file.name, (progress) => setImporting(importPercent(progress)));
      const skipped = outcome.skippedTotal > 0 ? ` ${skippedSummary(outcome.skippedTotal)}` : '';
      notifications.show({
        color: 'teal',
        title: IMPORT_MESSAGES.uploadSuccessTitle,
        message: `${uploadSuccess(outcome.inserted, result.type)}${skipped}`,
      });
      stopWorker();
      setFile(null);
      setResult(null);
      setComplete(false);
      setTab('upload');
    } catch (error) {
      failure(t('Upload Error'), error instanceof ImportWriteError ? error.message : insertFailed(messageOf(error)));
    } finally {
      setImporting(null);
    }
  };

  return { type, setType, file, chooseFile, tab, setTab, result, complete, processing, process, importing, runImport };
}

export type CsvImportState = ReturnType<typeof useCsvImport>;
