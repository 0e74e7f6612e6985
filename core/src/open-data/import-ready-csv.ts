import Papa from 'papaparse';
import { IMPORT_COLUMNS, type ImportType } from '../import/columns.ts';
import type { PublicItem } from './catalog-item.ts';

type Cells = Record<string, string | readonly string[] | number | boolean | null | undefined>;

/** The import columns of one item: what `sciai import --type {type}` reads back. */
function importCells(item: PublicItem, type: ImportType): Cells {
  const domains = item.domains.map((domain) => domain.name);
  switch (type) {
    case 'software': {
      const software = item.software;
      return {
        name: item.title,
        description: item.description,
        short_description: item.short_description,
        url: item.url,
        github_url: software?.github_url,
        organization_name: item.organization?.name,
        pricing_model: software?.pricing_model,
        license: software?.license,
        programming_languages: software?.programming_languages,
        first_release: software?.first_release,
        api_available: software?.api_available,
        key_features: item.key_features,
        tags: item.tags,
        domains,
        weights_license: software?.weights_license,
        availability: software?.availability,
        ...namedPaperCells(item),
      };
    }
    case 'paper': {
      const paper = item.paper;
      return {
        title: item.title,
        abstract: paper?.abstract,
        short_description: item.short_description,
        url: item.url,
        doi: paper?.doi,
        arxiv_id: paper?.arxiv_id,
        pubmed_id: paper?.pubmed_id,
        journal_name: paper?.journal_name,
        publication_date: paper?.publication_date,
        peer_reviewed: paper?.peer_reviewed,
        open_access: paper?.open_access,
        keywords: paper?.keywords,
        research_goals: paper?.research_goals,
        key_findings: paper?.key_findings,
        methodology: paper?.methodology,
        limitations: paper?.limitations,
        domains,
        authors: paper?.authors,
      };
    }
    case 'company': {
      const company = item.company;
      return {
        name: item.title,
        description: item.description,
        short_description: item.short_description,
        website: item.url ?? item.organization?.website,
        business_model: company?.business_model,
        industry_focus: company?.industry_focus,
        target_customers: company?.target_customers,
        partnerships: company?.partnerships,
        domains,
        organization_name: item.organization?.name,
        organization_website: item.organization?.website,
      };
    }
    case 'agent': {
      const agent = item.agent;
      return {
        name: item.title,
        description: item.description,
        short_description: item.short_description,
        url: item.url,
        model_type: agent?.model_type,
        specialization: agent?.specialization,
        interaction_mode: agent?.interaction_mode,
        capabilities: agent?.capabilities,
        integration_options: agent?.integration_options,
        domains,
        license: agent?.license,
        first_release: agent?.first_release,
        weights_license: agent?.weights_license,
        availability: agent?.availability,
        ...namedPaperCells(item),
      };
    }
  }
}

/** The papers a tool or agent names, by scheme, in the order its page cites them (docs/product.md#paper-to-cite). */
function namedPaperCells(item: PublicItem): Cells {
  const cited = item.papers_to_cite ?? [];
  return {
    paper_dois: cited.filter((entry) => entry.scheme === 'doi').map((entry) => entry.id),
    paper_arxiv_ids: cited.filter((entry) => entry.scheme === 'arxiv').map((entry) => entry.id),
  };
}

function cell(value: Cells[string]): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.length ? JSON.stringify(value) : '';
  return String(value);
}

/** The header of an import-ready CSV of one type: the columns of the admin import's template. */
export function importReadyCsvHeader(type: ImportType): string {
  return `${Papa.unparse([IMPORT_COLUMNS[type].map((column) => column.name)], { newline: '\r\n', quotes: true })}\r\n`;
}

/**
 * Rows of one type in the admin import's own columns (lists as JSON arrays), so an export
 * re-imports into another SciAI as it stands. Items of other types are left out.
 */
export function importReadyCsvRows(items: readonly PublicItem[], type: ImportType): string {
  const rows = items
    .filter((item) => item.content_type === type)
    .map((item) => {
      const cells = importCells(item, type);
      return IMPORT_COLUMNS[type].map((column) => cell(cells[column.name]));
    });
  return rows.length ? `${Papa.unparse(rows, { newline: '\r\n', quotes: true })}\r\n` : '';
}
