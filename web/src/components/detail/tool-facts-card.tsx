import { condaUrl, dataFactText, pypiUrl, toolFactsOf } from '@sciai/core';
import { ExternalLink, FactsCard, type Fact } from './detail-cards.tsx';
import { t } from '../../i18n/index.ts';

/**
 * What the sources say a tool does and how to get it (docs/product.md#sources): its EDAM
 * operations, input and output data with their formats, tool types, PyPI and conda packages, latest release. Nothing when they say none.
 */
export function ToolFactsCard({ metadata }: { metadata: Record<string, unknown> }) {
  const facts = toolFactsOf(metadata);
  if (!facts) return null;
  const rows: Fact[] = [];
  if (facts.operations.length) rows.push([t('What it does'), facts.operations.join(', ')]);
  if (facts.inputs.length) rows.push([t('Input data'), facts.inputs.map(dataFactText).join('; ')]);
  if (facts.outputs.length) rows.push([t('Output data'), facts.outputs.map(dataFactText).join('; ')]);
  if (facts.toolTypes.length) rows.push([t('Tool types'), facts.toolTypes.join(', ')]);
  if (facts.pypi) rows.push(['PyPI', <ExternalLink href={pypiUrl(facts.pypi)}>{facts.pypi}</ExternalLink>]);
  if (facts.conda) rows.push(['conda', <ExternalLink href={condaUrl(facts.conda)}>{facts.conda}</ExternalLink>]);
  if (facts.latestRelease) {
    const { version, date } = facts.latestRelease;
    rows.push([t('Latest release'), date ? `${version} (${date})` : version]);
  }
  return <FactsCard title={t('From the sources')} facts={rows} />;
}
