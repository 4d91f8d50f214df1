import { mergePage, nextOffset } from '@tantieme/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { logOnly } from '../queries';

export interface FeedItem {
  id: string;
  is_read: boolean;
  created_date: string;
}

/**
 * A paged, de-duplicated list (SPEC §4/§9): page 0 replaces, later pages append; the next
 * offset grows by the page size and stops at the total. `firstSize` lets messages load 15 first.
 */
export function useFeed<T extends FeedItem>(opts: {
  fetchPage(offset: number, size: number): Promise<{ total: number; data: T[] }>;
  pageSize: number;
  firstSize?: number;
  /** Changing it reloads from the first page (filter toggled, record changed). */
  resetKey: string;
  enabled?: boolean;
}) {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [loaded, setLoaded] = useState(false);
  /** The first page has answered, or failed: what the page shows no longer waits for it. */
  const [settled, setSettled] = useState(false);
  const next = useRef<number | null>(0);
  const busy = useRef(false);
  const generation = useRef(0);
  const fetchRef = useRef(opts.fetchPage);
  fetchRef.current = opts.fetchPage;

  const load = useCallback(async (offset: number, size: number) => {
    if (busy.current && offset !== 0) return;
    busy.current = true;
    const gen = generation.current;
    setLoading(true);
    try {
      const page = await fetchRef.current(offset, size);
      if (gen !== generation.current) return;
      setTotal(page.total);
      setItems((cur) => mergePage(cur, page.data, offset));
      next.current = nextOffset(offset, size, page.total);
      setLoaded(true);
    } catch (err) {
      logOnly('notifications')(err);
    } finally {
      if (gen === generation.current) {
        busy.current = false;
        setLoading(false);
        setSettled(true);
      }
    }
  }, []);

  const reset = useCallback(() => {
    generation.current++;
    busy.current = false;
    next.current = 0;
    void load(0, opts.firstSize ?? opts.pageSize);
  }, [load, opts.firstSize, opts.pageSize]);

  const enabled = opts.enabled ?? true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the reload trigger
  useEffect(() => {
    if (enabled) reset();
  }, [opts.resetKey, enabled]);

  const loadMore = useCallback(() => {
    if (next.current === null || busy.current) return;
    // After a first page of 15 the next offsets still grow by the page size.
    void load(next.current, opts.pageSize);
  }, [load, opts.pageSize]);

  return {
    items,
    setItems,
    total,
    setTotal,
    loading,
    loaded,
    settled,
    hasMore: next.current !== null,
    loadMore,
    reset,
  };
}

/** SPEC §9 infinite scroll: within 1 px of the bottom. */
export function nearBottom(el: HTMLElement, px = 1) {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= px;
}
