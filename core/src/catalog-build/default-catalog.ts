import type { CatalogItem } from '../catalog/catalog-item.ts';
import type { BuiltItem } from './built-item.ts';
import type { HandWrittenMatch } from './hand-written.ts';
import { withProvenance } from './hand-written-provenance.ts';
import { githubRepoFromUrl } from './identifiers.ts';
import { loadableBuiltItem, type LoadableItem } from './loadable-item.ts';

/**
 * The catalog a new SciAI starts with (docs/product.md#sources): the items built from open
 * sources, and the hand-written items, each hand-written item that a source also lists taking
 * that source's records, identifiers and dated figures in place of the built item. The result
 * is what the database's load_catalog reads.
 */

export interface DefaultCatalog {
  items: LoadableItem[];
  /** built items merged into a hand-written item by name: the same slug, a repository and a name in
   * its name, or (papers) a title holding its whole title */
  mergedByName: Array<{ slug: string; built_title: string }>;
  /** built items whose slug a hand-written item of another kind had: loaded under another slug */
  renamed: Array<{ from: string; to: string }>;
}

const kindOf = (type: string) => (type === 'agent' ? 'software' : type);
/** a name's letters and digits, lower-case: "paper-qa" is in "PaperQA2" */
const folded = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * The catalog to load. A built item joins a hand-written item when the merge rule's identifiers
 * say they are one thing, or when both have the same name (hence slug) and are the same kind of
 * thing (a tool and an agent are one kind): the hand-written selection names each thing once, and
 * names a paper after its tool "<name>-paper".
 */
export function defaultCatalog(
  handWritten: readonly CatalogItem[],
  built: readonly BuiltItem[],
  matches: readonly HandWrittenMatch[],
): DefaultCatalog {
  const handBySlug = new Map(handWritten.map((item) => [item.slug, item]));
  const builtBySlug = new Map(built.map((item) => [item.slug, item]));
  const joined = new Map<string, BuiltItem[]>();
  const join = (handSlug: string, item: BuiltItem) => joined.set(handSlug, [...(joined.get(handSlug) ?? []), item]);
  for (const match of matches) join(match.hand_written_slug, builtBySlug.get(match.built_slug)!);
  const matchedBuilt = new Set(matches.map((match) => match.built_slug));
  const mergedByName: DefaultCatalog['mergedByName'] = [];
  for (const item of built) {
    // a paper named after a tool is the hand-written "<name>-paper" when there is one
    const sameName = handBySlug.get(item.slug);
    const hand =
      sameName && kindOf(sameName.content_type) !== kindOf(item.content_type) && item.content_type === 'paper'
        ? handBySlug.get(`${item.slug}-paper`)
        : sameName;
    if (matchedBuilt.has(item.slug) || !hand || kindOf(hand.content_type) !== kindOf(item.content_type)) continue;
    join(hand.slug, item);
    matchedBuilt.add(item.slug);
    mergedByName.push({ slug: item.slug, built_title: item.title });
  }
  // a list may give one repository to several records (ESM-1b, ESM-2, ESMFold), so a repository
  // alone is not an identity: the built item's name must also be in the hand-written item's
  const repoOf = (url: string | undefined) => githubRepoFromUrl(url);
  const handByRepo = new Map<string, CatalogItem[]>();
  for (const hand of handWritten) {
    const repos = [repoOf(hand.url), hand.content_type === 'software' ? repoOf(hand.software.github_url) : undefined];
    for (const repo of new Set(repos)) if (repo) handByRepo.set(repo, [...(handByRepo.get(repo) ?? []), hand]);
  }
  for (const item of built) {
    if (matchedBuilt.has(item.slug) || item.content_type === 'paper' || item.content_type === 'company') continue;
    const repo = repoOf(item.software?.github_url) ?? repoOf(item.url);
    const hand = (repo ? (handByRepo.get(repo) ?? []) : []).find(
      (candidate) =>
        kindOf(candidate.content_type) === kindOf(item.content_type) &&
        folded(candidate.title).includes(folded(item.title)),
    );
    if (!hand) continue;
    join(hand.slug, item);
    matchedBuilt.add(item.slug);
    mergedByName.push({ slug: hand.slug, built_title: item.title });
  }
  // a paper whose title holds a hand-written paper's whole title ("GraphCast: Learning skillful …")
  const handPapers = handWritten.filter((hand) => hand.content_type === 'paper' && folded(hand.title).length >= 24);
  for (const item of built) {
    if (matchedBuilt.has(item.slug) || item.content_type !== 'paper') continue;
    const hand = handPapers.find((candidate) => folded(item.title).includes(folded(candidate.title)));
    if (!hand) continue;
    join(hand.slug, item);
    matchedBuilt.add(item.slug);
    mergedByName.push({ slug: hand.slug, built_title: item.title });
  }
  const items = handWritten.map((item) => withProvenance(item, joined.get(item.slug) ?? []));
  const taken = new Set(items.map((item) => item.slug));
  const renamed: DefaultCatalog['renamed'] = [];
  for (const item of built) {
    if (matchedBuilt.has(item.slug)) continue;
    // a paper named like a tool is "<name>-paper", as the hand-written catalog names them
    const base = taken.has(item.slug) && item.content_type === 'paper' ? `${item.slug.slice(0, 94)}-paper` : item.slug;
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base.slice(0, 96).replace(/-+$/, '')}-${n}`;
    if (slug !== item.slug) renamed.push({ from: item.slug, to: slug });
    taken.add(slug);
    items.push({ ...loadableBuiltItem(item), slug });
  }
  return { items, mergedByName, renamed };
}
