import { figureSentence } from '../catalog/item-figures.ts';
import { CONTENT_TYPE_LABELS } from '../content-labels.ts';
import { itemPath } from '../item-paths.ts';
import { doiUrl, SITE_NAME } from '../item-seo.ts';
import { sourceRecordDate } from '../catalog/item-source-records.ts';
import { sourceLicenseLabel } from '../catalog/source-labels.ts';
import { paperIdLabel, paperIdUrl } from '../catalog/paper-to-cite.ts';
import { AVAILABILITY_LABELS } from '../content.ts';
import { contentLicenseOf, type PublicItem } from './catalog-item.ts';
import {
  httpAddress,
  linkText,
  linkUrl,
  markdownInline,
  markdownParagraphs,
  markdownText,
  singleLine,
} from './markdown-text.ts';

const list = (values: readonly string[] | null | undefined) => (values ?? []).map(markdownInline).filter(Boolean);
const bulletList = (values: readonly string[] | null | undefined) => (values ?? []).map(markdownText).filter(Boolean);
const text = (value: string | null | undefined) => markdownInline(value) || undefined;

/**
 * An item's detail page as clean Markdown, for language-model crawlers (/tool/{slug}.md): the
 * title, the summary, the facts as a list, the description and the type's own sections.
 */
export function itemMarkdown(item: PublicItem, origin: string): string {
  const page = `${origin}${itemPath(item.content_type, item.slug)}`;
  const facts: Array<[string, string | undefined]> = [
    ['Type', CONTENT_TYPE_LABELS[item.content_type]],
    ['Page', page],
    ['Website', httpAddress(item.url)],
    ['Organization', item.organization ? markdownInline(item.organization.name) : undefined],
    ['Fields', item.domains.map((domain) => markdownInline(domain.name)).join(', ') || undefined],
    ['Tags', list(item.tags).join(', ') || undefined],
    ['Year', item.year ? String(item.year) : undefined],
    ['Verified', item.verified ? 'yes' : undefined],
  ];
  // stars and citations only with their source and date (docs/product.md#facts)
  const { github_stars: stars, citations } = item.figures ?? {};
  const software = item.software;
  if (software) {
    facts.push(
      ['Repository', httpAddress(software.github_url)],
      ['GitHub stars', stars && figureSentence('github_stars', stars)],
      ['Licence', text(software.license)],
      // apart from the code's licence, each only where stated (docs/product.md#facts)
      ['Weights licence', text(software.weights_license)],
      ['Availability', software.availability ? AVAILABILITY_LABELS[software.availability] : undefined],
      ['Pricing', software.pricing_model ?? undefined],
      ['Open source', software.open_source ? 'yes' : undefined],
      ['Languages', list(software.programming_languages).join(', ') || undefined],
    );
  }
  const paper = item.paper;
  if (paper) {
    facts.push(
      ['Authors', list(paper.authors).join(', ') || undefined],
      ['Journal', text(paper.journal_name)],
      ['Published', paper.publication_date ?? undefined],
      ['DOI', paper.doi ? `[${linkText(paper.doi)}](${linkUrl(doiUrl(paper.doi))})` : undefined],
      ['arXiv', text(paper.arxiv_id)],
      ['PubMed', text(paper.pubmed_id)],
      ['Citations', citations && figureSentence('citations', citations)],
      ['Keywords', list(paper.keywords).join(', ') || undefined],
    );
  }
  const company = item.company;
  if (company) {
    facts.push(
      ['Founded', company.founded_year ? String(company.founded_year) : undefined],
      ['Headquarters', text(company.headquarters)],
      ['Industries', list(company.industry_focus).join(', ') || undefined],
      ['Business model', text(company.business_model)],
    );
  }
  const agent = item.agent;
  if (agent) {
    facts.push(
      ['Model', text(agent.model_type)],
      ['Specialisation', text(agent.specialization)],
      ['Interaction', agent.interaction_mode ?? undefined],
      ['Pricing', agent.pricing_model ?? undefined],
      ['Licence', text(agent.license)],
      ['Weights licence', text(agent.weights_license)],
      ['Availability', agent.availability ? AVAILABILITY_LABELS[agent.availability] : undefined],
    );
  }

  const sections: string[] = [`# ${markdownInline(item.title)}`];
  const summary = markdownText(item.short_description);
  if (summary) sections.push(`> ${summary}`);
  sections.push(
    facts
      .filter((fact): fact is [string, string] => Boolean(fact[1]))
      .map(([label, value]) => `- ${label}: ${value}`)
      .join('\n'),
  );
  const section = (heading: string, body: string) => {
    if (body) sections.push(`## ${heading}\n\n${body}`);
  };
  const bullets = (values: readonly string[] | null | undefined) =>
    bulletList(values)
      .map((value) => `- ${value}`)
      .join('\n');
  section('Abstract', markdownParagraphs(paper?.abstract));
  section('Description', markdownParagraphs(item.description));
  section('Key features', bullets(item.key_features));
  section('Key findings', bullets(paper?.key_findings));
  section('Methodology', markdownParagraphs(paper?.methodology));
  section('Limitations', markdownParagraphs(paper?.limitations));
  section('Capabilities', bullets(agent?.capabilities));
  section('Integrations', bullets(agent?.integration_options));
  // each paper a source names for the tool, with that source (docs/product.md#paper-to-cite)
  section(
    'Papers to cite',
    (item.papers_to_cite ?? [])
      .map((entry) => {
        const target = entry.paper
          ? `[${linkText(entry.paper.title)}](${linkUrl(`${origin}${itemPath(entry.paper.content_type, entry.paper.slug)}`)})`
          : `[${linkText(paperIdLabel(entry.scheme, entry.id))}](${linkUrl(paperIdUrl(entry.scheme, entry.id))})`;
        const named = entry.sources.map((source) => markdownInline(source.name)).join(', ');
        return `- ${target}${named ? ` — named by ${named}` : ''}`;
      })
      .join('\n'),
  );
  // where the item comes from, each record with its licence and date (docs/product.md#sources)
  section(
    'Sources',
    (item.sources ?? [])
      .map((entry) => {
        const href = httpAddress(entry.record_url);
        const name = linkText(entry.name);
        const label = [sourceLicenseLabel(entry.license, entry.share_alike), markdownInline(sourceRecordDate(entry))]
          .filter(Boolean)
          .join(', ');
        return `- ${href ? `[${name}](${href})` : name} — ${label}`;
      })
      .join('\n'),
  );
  sections.push(
    `---\nFrom ${SITE_NAME} (${origin}/). Catalog text licensed ${markdownInline(contentLicenseOf(item))}. ` +
      `Structured data: ${page} with \`Accept: application/ld+json\`.`,
  );
  return `${sections.join('\n\n')}\n`;
}

/**
 * One item as a compact Markdown list entry, for /llms-full.txt: its linked title, type,
 * organization and summary on one line.
 */
export function itemMarkdownLine(item: PublicItem, origin: string): string {
  const page = `${origin}${itemPath(item.content_type, item.slug)}`;
  const by = item.organization ? ` (${markdownInline(item.organization.name)})` : '';
  const extra: string[] = [];
  if (item.paper?.doi) extra.push(`DOI ${markdownInline(item.paper.doi)}`);
  const website = httpAddress(item.url);
  if (website) extra.push(website);
  const summary = markdownInline(item.short_description) || markdownInline(singleLine(item.description).slice(0, 200));
  const tail = extra.length ? ` [${extra.join('; ')}]` : '';
  return `- [${linkText(item.title)}](${linkUrl(page)}) — ${CONTENT_TYPE_LABELS[item.content_type]}${by}: ${summary}${tail}`;
}
