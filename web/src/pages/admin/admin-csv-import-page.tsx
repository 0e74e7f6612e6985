import { Tabs } from '@mantine/core';
import { processingSummary } from '@sciai/core';
import { LiveStatus } from '../../components/live-status.tsx';
import { useFocusKept } from '../../hooks/use-focus-kept.ts';
import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { ImportTab } from '../../components/admin/csv-import/import-tab.tsx';
import { PreviewTab } from '../../components/admin/csv-import/preview-tab.tsx';
import { UploadTab } from '../../components/admin/csv-import/upload-tab.tsx';
import { useCsvImport, type CsvImportTab } from '../../hooks/use-csv-import.ts';
import { t } from '../../i18n/index.ts';

const TABS: readonly CsvImportTab[] = ['upload', 'preview', 'import'];
const isTab = (value: string | null): value is CsvImportTab => TABS.some((tab) => tab === value);

/** /admin/csv-import: the three tabs of docs/product.md#csv-flow over core's import pipeline. */
export function AdminCsvImportPage() {
  const state = useCsvImport();
  const { result, complete } = state;
  // Processing opens Preview, an import returns to Upload: the button pressed goes with its tab.
  const tabs = useFocusKept<HTMLDivElement>(state.tab);
  return (
    <AdminLayout
      title={t('CSV Data Import')}
      description={t(
        'Add software, research papers, companies and AI agents in bulk: upload a CSV file, check the preview, then import the valid rows.',
      )}
    >
      {/* Outside the tabs, so it stays while they change (docs/product.md#keyboard). */}
      <LiveStatus>{importStatus(state)}</LiveStatus>
      <div ref={tabs} tabIndex={-1}>
        <Tabs
          value={state.tab}
          onChange={(value) => {
            if (isTab(value)) state.setTab(value);
          }}
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="upload" disabled={state.importing !== null}>
              {t('Upload')}
            </Tabs.Tab>
            <Tabs.Tab value="preview" disabled={!result || state.importing !== null}>
              {t('Preview')}
            </Tabs.Tab>
            <Tabs.Tab value="import" disabled={!result || !complete || result.validCount === 0}>
              {t('Import')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="upload" pt="md">
            <UploadTab state={state} />
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="md">
            {result && <PreviewTab result={result} processing={complete ? null : (state.processing ?? 0)} />}
          </Tabs.Panel>
          <Tabs.Panel value="import" pt="md">
            {result && (
              <ImportTab result={result} importing={state.importing} onImport={() => void state.runImport()} />
            )}
          </Tabs.Panel>
        </Tabs>
      </div>
    </AdminLayout>
  );
}

/** What the page is doing, or the outcome of processing, for the live region. */
function importStatus({ processing, importing, result, complete }: ReturnType<typeof useCsvImport>): string {
  if (processing !== null) return t('Processing CSV file...');
  if (importing !== null) return t('Importing data to database...');
  if (result && complete) return processingSummary(result.validCount, result.invalidCount);
  return '';
}
