import { DOMAIN_SLUGS } from '../domains.ts';
import {
  EMPLOYEE_RANGES,
  FUNDING_STAGES,
  INTERACTION_MODES,
  ORGANIZATION_SIZES,
  ORGANIZATION_TYPES,
  PRICING_MODELS,
} from '../content.ts';
import { slugify } from '../format.ts';
import type { CatalogItem, OrganizationRef } from './catalog-item.ts';
import { mulberry32, mix32, between, chance, pick, pickSome, zipfCount } from './seeded-random.ts';
import {
  FIELDS,
  BRAND_HEADS,
  BRAND_TAILS,
  TOOL_NOUNS,
  METHODS,
  TASKS,
  COMPANY_SUFFIXES,
  GENERAL_TAGS,
  FEATURES,
  ADVANTAGES,
  LANGUAGES,
  LICENSES,
  JOURNALS,
  FIRST_NAMES,
  LAST_NAMES,
  CITIES,
  BUSINESS_MODELS,
  MODEL_TYPES,
  CAPABILITIES,
  INTEGRATIONS,
  PLACE_HEADS,
  PLACE_TAILS,
  INSTITUTE_FIELDS,
} from './synthetic-vocabulary.ts';

/**
 * A synthetic catalog for scale and search benchmarks. Every item is a pure function of
 * (seed, index): generating items 1..N in one call or in several calls with `startIndex` gives
 * the same items, so a bigger run after a smaller one only adds the missing ones.
 */
export interface SyntheticCatalogOptions {
  /** Varies the content; the same seed and indexes always give identical items. Default 1. */
  seed?: number;
  /** Index of the first item (slugs are `synthetic-{type}-{index}`). Default 1. */
  startIndex?: number;
}

export function generateSyntheticCatalog(count: number, options: SyntheticCatalogOptions = {}): CatalogItem[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const seed = (options.seed ?? 1) >>> 0;
  const startIndex = options.startIndex ?? 1;
  if (!Number.isSafeInteger(startIndex) || startIndex < 0)
    throw new RangeError(`startIndex must be a non-negative integer`);
  const items: CatalogItem[] = new Array(count);
  for (let offset = 0; offset < count; offset++) items[offset] = generateItem(seed, startIndex + offset);
  return items;
}

// ---------------------------------------------------------------------------------------------
// Organisations: a fixed pool of ~500, picked with a skew so a few run many items.

const ORGANIZATION_POOL_SIZE = 500;
let organizationPool: OrganizationRef[] | undefined;

function organizations(): OrganizationRef[] {
  if (organizationPool) return organizationPool;
  const random = mulberry32(0x5c1a1);
  const names = new Set<string>();
  const pool: OrganizationRef[] = [];
  while (pool.length < ORGANIZATION_POOL_SIZE) {
    const type = pick(random, [...ORGANIZATION_TYPES, 'company', 'company', 'academic'] as const);
    const place = pick(random, PLACE_HEADS) + pick(random, PLACE_TAILS);
    const field = pick(random, INSTITUTE_FIELDS);
    const brand = pick(random, BRAND_HEADS) + pick(random, BRAND_TAILS).toLowerCase();
    const name = {
      company: `${brand} ${pick(random, COMPANY_SUFFIXES)}`,
      academic: pick(random, [
        `University of ${place}`,
        `${place} Institute of Technology`,
        `${place} State University`,
      ]),
      research_institute: pick(random, [
        `${place} Institute for ${field}`,
        `${pick(random, LAST_NAMES)} Centre for ${field}`,
      ]),
      nonprofit: pick(random, [`${place} Open Science Foundation`, `${field} Commons`]),
      government: pick(random, [`National Laboratory for ${field}, ${place}`, `${place} Bureau of ${field}`]),
    }[type];
    if (names.has(name.toLowerCase())) continue;
    names.add(name.toLowerCase());
    const size =
      type === 'academic' || type === 'government'
        ? pick(random, ['large', 'enterprise'] as const)
        : type === 'company'
          ? pick(random, ['startup', 'startup', 'small', 'medium', 'large', 'enterprise'] as const)
          : pick(random, ORGANIZATION_SIZES);
    const website = chance(random, 0.9) ? { website: `https://${slugify(name)}.example.org` } : {};
    pool.push({ name, type, size, ...website });
  }
  organizationPool = pool;
  return pool;
}

// ---------------------------------------------------------------------------------------------
// Items.

const CREATED_FROM = Date.UTC(2020, 0, 1);
const CREATED_TO = Date.UTC(2026, 9, 31, 23, 59, 59);

type ContentType = CatalogItem['content_type'];

function contentTypeFor(roll: number): ContentType {
  if (roll < 0.45) return 'software';
  if (roll < 0.7) return 'paper';
  if (roll < 0.85) return 'company';
  return 'agent';
}

function generateItem(seed: number, index: number): CatalogItem {
  const random = mulberry32(mix32(seed ^ mix32(index + 0x9e3779b9)));
  const type = contentTypeFor(random());
  const domains = pickSome(random, DOMAIN_SLUGS, 1, 3);
  const field = FIELDS[domains[0]!];
  const subject = pick(random, field.subjects);
  const task = pick(random, TASKS);
  const method = pick(random, METHODS);
  const brand = pick(random, BRAND_HEADS) + pick(random, BRAND_TAILS);
  const pool = organizations();
  const organization = pool[Math.floor(Math.pow(random(), 2) * pool.length)]!;
  // Recent years are likelier, as the field's output is.
  const year = 2026 - Math.floor(26 * Math.pow(random(), 2.2));
  const createdAt = new Date(CREATED_FROM + Math.floor(random() * ((CREATED_TO - CREATED_FROM) / 1000)) * 1000);
  const views = zipfCount(random, 40, 1.15, 2_500_000);
  const recency = (createdAt.getTime() - CREATED_FROM) / (CREATED_TO - CREATED_FROM);

  const title = {
    software: `${brand} ${subject} ${pick(random, TOOL_NOUNS)} ${index}`,
    paper: `${method} for ${subject} ${task} ${index}`,
    company: `${brand} ${pick(random, COMPANY_SUFFIXES)} ${index}`,
    agent: `${brand} ${subject} Agent ${index}`,
  }[type];
  const subjectLower = subject.toLowerCase();
  const taskLower = task.toLowerCase();
  const what = {
    software: `${brand} applies ${method.toLowerCase()} to ${subjectLower} ${taskLower}.`,
    paper: `We apply ${method.toLowerCase()} to ${subjectLower} ${taskLower} and report gains over strong baselines.`,
    company: `${brand} builds ${method.toLowerCase()} products for ${subjectLower} ${taskLower}.`,
    agent: `An AI agent that automates ${subjectLower} ${taskLower} with ${method.toLowerCase()}.`,
  }[type];
  const tags = [...pickSome(random, field.tags, 1, 3), ...pickSome(random, GENERAL_TAGS, 1, 3)];

  const base = {
    slug: `synthetic-${type}-${index}`,
    title,
    url: `https://synthetic.example.org/${type}/${index}`,
    year,
    short_description: what.length <= 150 ? what : `${what.slice(0, 148).trimEnd()}…`,
    description:
      `${what} Built for researchers in ${domains.map((d) => d.replace(/_/g, ' ')).join(', ')}, it covers ` +
      `${tags.join(', ')}. This is a synthetic catalog entry (#${index}) generated for benchmarks.`,
    tags,
    domains,
    verified: chance(random, 0.3),
    featured: chance(random, 0.02),
    view_count: views,
    save_count: Math.floor(views * (0.005 + 0.075 * random())),
    trending_score: Math.round(Math.log10(1 + views) * 10 * (0.3 + recency) * (0.5 + random()) * 100) / 100,
    created_at: createdAt.toISOString(),
    organization,
    key_features: pickSome(random, FEATURES, 0, 5),
    competitive_advantages: chance(random, 0.3) ? [] : pickSome(random, ADVANTAGES, 1, 3),
  };

  switch (type) {
    case 'software': {
      const openSource = chance(random, 0.6);
      const repo = `https://github.com/${slugify(organization.name)}/${brand.toLowerCase()}-${index}`;
      return {
        ...base,
        content_type: 'software',
        software: {
          pricing_model: openSource ? pick(random, ['free', 'freemium'] as const) : pick(random, PRICING_MODELS),
          // (open_source is derived from the licence: only the open ones name one)
          ...(openSource
            ? { github_url: repo, github_stars: zipfCount(random, 30, 1.2, 250_000), license: pick(random, LICENSES) }
            : {}),
          api_available: chance(random, 0.5),
          programming_languages: pickSome(random, LANGUAGES, 1, 3),
        },
      };
    }
    case 'paper': {
      const month = between(random, 1, 12);
      const day = between(random, 1, 28);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        ...base,
        content_type: 'paper',
        paper: {
          journal_name: pick(random, JOURNALS),
          doi: `10.5555/synthetic.${index}`,
          ...(year >= 2008 && chance(random, 0.6)
            ? { arxiv_id: `${pad(year % 100)}${pad(month)}.${String(index % 100_000).padStart(5, '0')}` }
            : {}),
          publication_date: `${year}-${pad(month)}-${pad(day)}`,
          peer_reviewed: chance(random, 0.8),
          open_access: chance(random, 0.55),
          citation_count: zipfCount(random, 5, 1.1, 150_000),
          authors: Array.from(
            { length: between(random, 1, 5) },
            () => `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`,
          ),
          key_findings: pickSome(
            random,
            [
              `${method} outperform classical baselines on ${subjectLower} ${taskLower}`,
              `Accuracy improves with model scale`,
              `The approach transfers across datasets`,
              `Predictions agree with experimental measurements`,
            ],
            1,
            3,
          ),
          research_goals: [`Improve ${subjectLower} ${taskLower}`],
        },
      };
    }
    case 'company':
      return {
        ...base,
        content_type: 'company',
        company: {
          funding_stage: pick(random, FUNDING_STAGES),
          employee_count: pick(random, EMPLOYEE_RANGES),
          founded_year: Math.max(2000, year - between(random, 0, 8)),
          headquarters: pick(random, CITIES),
          business_model: pick(random, BUSINESS_MODELS),
          industry_focus: domains.map((d) => d.replace(/_/g, ' ')),
        },
      };
    case 'agent':
      return {
        ...base,
        content_type: 'agent',
        agent: {
          model_type: pick(random, MODEL_TYPES),
          capabilities: pickSome(random, CAPABILITIES, 2, 5),
          interaction_mode: pick(random, INTERACTION_MODES),
          specialization: `${subject} ${task}`,
          integration_options: pickSome(random, INTEGRATIONS, 0, 3),
          ...agentLicense(chance(random, 0.4), pick(random, PRICING_MODELS), random),
        },
      };
  }
}

/** An agent's pricing, and a licence (so open_source, which is derived from it) for the open ones. */
function agentLicense(open: boolean, pricing: (typeof PRICING_MODELS)[number], random: () => number) {
  return { pricing_model: pricing, ...(open ? { license: pick(random, LICENSES) } : {}) };
}
