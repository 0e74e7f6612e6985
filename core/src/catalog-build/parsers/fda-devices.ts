import Papa from 'papaparse';
import { companyKey } from '../merge.ts';
import { lineUrl, record, type SnapshotText, type SourceRecord } from '../record.ts';

const FILE = 'aiml-devices.csv';
const ORIGINAL_PATH = 'backend/data/aiml-devices.csv';

type Row = Record<string, string>;

/** MM/DD/YYYY → YYYY-MM-DD. */
function isoDate(value: string | undefined): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value?.trim() ?? '');
  return match === null ? undefined : `${match[3]}-${match[1]}-${match[2]}`;
}

/**
 * The FDA's AI-enabled devices list, one row a cleared device, to one company record per maker
 * (spellings of one name folded by companyKey). The record is the company; its devices are facts.
 */
export function parseFdaDevices(snapshot: SnapshotText): SourceRecord[] {
  const parsed = Papa.parse<Row>(snapshot.files[FILE] ?? '', { header: true, skipEmptyLines: true });
  type Device = NonNullable<SourceRecord['devices']>[number];
  const byCompany = new Map<string, { names: Map<string, number>; firstLine: number; devices: Device[] }>();
  parsed.data.forEach((row, index) => {
    const company = row['Company']?.replace(/\s+/g, ' ').replace(/\s+,/g, ',').trim();
    const kNumber = row['Submission Number']?.trim();
    const date = isoDate(row['Date of Final Decision']);
    if (!company || !kNumber || date === undefined) return;
    const key = companyKey(company);
    const entry = byCompany.get(key) ?? {
      names: new Map<string, number>(),
      firstLine: index + 2,
      devices: [] as Device[],
    };
    entry.names.set(company, (entry.names.get(company) ?? 0) + 1);
    entry.devices.push({ kNumber, date, name: row['Device']?.trim() ?? '', panel: row['Panel (Lead)']?.trim() ?? '' });
    byCompany.set(key, entry);
  });
  const records: SourceRecord[] = [];
  for (const [key, entry] of byCompany) {
    // The spelling used most often names the company; ties go to the alphabetically first.
    const name = [...entry.names].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
    const devices = entry.devices.sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : a.kNumber < b.kNumber ? -1 : 1,
    );
    const panels = [...new Set(devices.map((device) => device.panel).filter(Boolean))].sort();
    records.push(
      record({
        source: 'fda-aiml-devices',
        recordId: key,
        recordUrl: lineUrl(snapshot, ORIGINAL_PATH, entry.firstLine),
        type: 'company',
        title: name,
        url: fdaDecisionUrl(devices[devices.length - 1]!.kNumber),
        companyKey: key,
        year: Number(devices[0]!.date.slice(0, 4)),
        date: devices[0]!.date,
        terms: ['medical devices', ...panels],
        facets: [],
        devices,
        nameVariants: [...entry.names.keys()].sort(),
      }),
    );
  }
  return records;
}

/** The FDA database page of one decision: 510(k) (K…), De Novo (DEN…) or premarket approval (P…). */
export function fdaDecisionUrl(submission: string): string {
  const base = 'https://www.accessdata.fda.gov/scripts/cdrh/cfdocs';
  if (submission.startsWith('DEN')) return `${base}/cfpmn/denovo.cfm?id=${submission}`;
  if (submission.startsWith('P')) return `${base}/cfpma/pma.cfm?id=${submission.replace('/', '')}`;
  return `${base}/cfpmn/pmn.cfm?ID=${submission}`;
}
