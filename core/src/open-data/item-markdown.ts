import { CONTENT_TYPE_LABELS } from '../content-labels.ts';
import { itemPath } from '../item-paths.ts';
import { doiUrl, SITE_NAME } from '../item-seo.ts';
import { contentLicenseOf, type PublicItem } from './catalog-item.ts';

/** One line of text: no line breaks, runs of spaces as one. */
export function singleLine(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Text inside a Markdown link's brackets: brackets and backslashes escaped. */
export function linkText(text: string): string {
  return singleLine(text).replace(/[\\[\]]/g, '\\$&');
}

/** A URL in a Markdown link: spaces and parentheses encoded so the link cannot end early. */
export function linkUrl(url: string): string {
  return url.replace(/[\s()<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Block text (a description, an abstract): paragraphs kept, no line that could read as HTML. */
function paragraphs(text: string | null | undefined): string {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => singleLine(paragraph).replace(/</g, '&lt;'))
    .filter(Boolean)
    .join('\n\n');
}

const list = (values: readonly string[] | null | undefined) => (values ?? []).map(singleLine).filter(Boolean);

/**
 * An item's detail page as clean Markdown, for language-model crawlers (/tool/{slug}.md): the
 * title, the summary, the facts as a list, the description and the type's own sections.
 */
export function itemMarkdown(item: PublicItem, origin: string): string {
  const page = `${origin}${itemPath(item.content_type, item.slug)}`;
  const facts: Array<[string, string | undefined]> = [
    ['Type', CONTENT_TYPE_LABELS[item.content_type]],
    ['Page', page],
    ['Website', item.url ? linkUrl(item.url) : undefined],
    ['Organization', item.organization ? singleLine(item.organization.name) : undefined],
    ['Fields', item.domains.map((domain) => singleLine(domain.name)).join(', ') || undefined],
    ['Tags', list(item.tags).join(', ') || undefined],
    ['Year', item.year ? String(item.year) : undefined],
    ['Verified', item.verified ? 'yes' : undefined],
  ];
  const software = item.software;
  if (software) {
    facts.push(
      ['Repository', software.github_url ? linkUrl(software.github_url) : undefined],
      ['GitHub stars', software.github_stars ? String(software.github_stars) : undefined],
      ['Licence', software.license ? singleLine(software.license) : undefined],
      ['Pricing', software.pricing_model ?? undefined],
      ['Open source', software.open_source ? 'yes' : undefined],
      ['Languages', list(software.programming_languages).join(', ') || undefined],
    );
  }
  const paper = item.paper;
  if (paper) {
    facts.push(
      ['Authors', list(paper.authors).join(', ') || undefined],
      ['Journal', paper.journal_name ? singleLine(paper.journal_name) : undefined],
      ['Published', paper.publication_date ?? undefined],
      ['DOI', paper.doi ? `[${linkText(paper.doi)}](${linkUrl(doiUrl(paper.doi))})` : undefined],
      ['arXiv', paper.arxiv_id ? singleLine(paper.arxiv_id) : undefined],
      ['PubMed', paper.pubmed_id ? singleLine(paper.pubmed_id) : undefined],
      ['Citations', paper.citation_count ? String(paper.citation_count) : undefined],
      ['Keywords', list(paper.keywords).join(', ') || undefined],
    );
  }
  const company = item.company;
  if (company) {
    facts.push(
      ['Founded', company.founded_year ? String(company.founded_year) : undefined],
      ['Headquarters', company.headquarters ? singleLine(company.headquarters) : undefined],
      ['Industries', list(company.industry_focus).join(', ') || undefined],
      ['Business model', company.business_model ? singleLine(company.business_model) : undefined],
    );
  }
  const agent = item.agent;
  if (agent) {
    facts.push(
      ['Model', agent.model_type ? singleLine(agent.model_type) : undefined],
      ['Specialisation', agent.specialization ? singleLine(agent.specialization) : undefined],
      ['Interaction', agent.interaction_mode ?? undefined],
      ['Pricing', agent.pricing_model ?? undefined],
    );
  }

  const sections: string[] = [`# ${singleLine(item.title)}`];
  const summary = singleLine(item.short_description);
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
    list(values)
      .map((value) => `- ${value}`)
      .join('\n');
  section('Abstract', paragraphs(paper?.abstract));
  section('Description', paragraphs(item.description));
  section('Key features', bullets(item.key_features));
  section('Key findings', bullets(paper?.key_findings));
  section('Methodology', paragraphs(paper?.methodology));
  section('Limitations', paragraphs(paper?.limitations));
  section('Capabilities', bullets(agent?.capabilities));
  section('Integrations', bullets(agent?.integration_options));
  sections.push(
    `---\nFrom ${SITE_NAME} (${origin}/). Catalog text licensed ${contentLicenseOf(item)}. ` +
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
  const by = item.organization ? ` (${singleLine(item.organization.name)})` : '';
  const extra: string[] = [];
  if (item.paper?.doi) extra.push(`DOI ${singleLine(item.paper.doi)}`);
  if (item.url) extra.push(linkUrl(item.url));
  const summary = singleLine(item.short_description) || singleLine(item.description).slice(0, 200);
  const tail = extra.length ? ` [${extra.join('; ')}]` : '';
  return `- [${linkText(item.title)}](${linkUrl(page)}) — ${CONTENT_TYPE_LABELS[item.content_type]}${by}: ${summary}${tail}`;
}
