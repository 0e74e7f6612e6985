import { getSupabase } from './supabase-client.ts';

/** A current figure about an item from an outside source, with where and when it comes from. */
export interface ItemSignal {
  signal: string;
  source: string;
  value_num: number | null;
  value_text: string | null;
  detail: Record<string, unknown>;
  as_of: string;
}
export interface ItemLinkCheck {
  link: 'homepage' | 'repository';
  url: string;
  ok: boolean;
  http_status: number | null;
  final_url: string | null;
  error: string | null;
  /** 'unchecked': the checker does not visit it (not a public address); nothing else is known. */
  health: 'ok' | 'down' | 'dead' | 'unchecked';
  checked_at: string;
}
export interface ItemSignals {
  signals: Record<string, ItemSignal>;
  links: ItemLinkCheck[];
  /** GitHub stars a day over the last 90 days, oldest first. */
  stars: Array<{ day: string; value: number }>;
}

export const itemSignalsKey = (slug: string) => ['item-signals', slug] as const;

/** The item's signals, link checks and 90 days of stars, read side by side (public tables under RLS). */
export async function fetchItemSignals(slug: string): Promise<ItemSignals> {
  const supabase = await getSupabase();
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const [signals, links, stars] = await Promise.all([
    supabase
      .from('item_signals')
      .select('signal, source, value_num, value_text, detail, as_of, content_items!inner(slug)')
      .eq('content_items.slug', slug),
    supabase
      .from('link_checks')
      .select('link, url, ok, http_status, final_url, error, health, checked_at, content_items!inner(slug)')
      .eq('content_items.slug', slug),
    supabase
      .from('item_signal_history')
      .select('day, value_num, content_items!inner(slug)')
      .eq('content_items.slug', slug)
      .eq('signal', 'github_stars')
      .gte('day', since)
      .order('day'),
  ]);
  for (const answer of [signals, links, stars]) if (answer.error) throw answer.error;
  return {
    signals: Object.fromEntries(
      (signals.data ?? []).map(({ content_items: _item, ...row }) => [row.signal, row as ItemSignal]),
    ),
    links: (links.data ?? []).map(({ content_items: _item, ...row }) => row as ItemLinkCheck),
    stars: (stars.data ?? []).flatMap((row) =>
      row.value_num === null ? [] : [{ day: row.day, value: row.value_num }],
    ),
  };
}
