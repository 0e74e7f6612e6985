import { t, type DataLicenses } from '@sciai/core';

/** What /data/manifest.json states about the generated open-data files (server/src/open-data). */
export interface OpenDataManifest {
  generated_at: string;
  item_count: number;
  files: Array<{ name: string; bytes: number; sha256: string; media_type: string }>;
  /** absent in files made before the sources were recorded */
  licenses?: DataLicenses;
}

/** The files are being made (first start): the page says so instead of failing. */
export class OpenDataNotReadyError extends Error {}

export const openDataManifestKey = () => 'open-data-manifest' as const;

/** The manifest from this site's own server (not the Data API): same origin, no key. */
export async function fetchOpenDataManifest(): Promise<OpenDataManifest> {
  const response = await fetch('/data/manifest.json', { credentials: 'omit' });
  if (response.status === 503) throw new OpenDataNotReadyError(t('The open data files are being generated.'));
  if (!response.ok)
    throw new Error(t('The open data files could not be listed (HTTP {status}).', { status: response.status }));
  return (await response.json()) as OpenDataManifest;
}
