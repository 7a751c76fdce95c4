import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { searchState } from '../../format/name-search.ts';
import { PAGE_SIZE } from '../page-slice.ts';

/** A server sort parameter: a key ascending, or with a leading `-` descending. */
export type TServerSort<K extends string> = K | `-${K}`;

/** The sorted key of a server sort and its direction. */
export function sortOf<K extends string>(sort: TServerSort<K>): { key: K; direction: 'asc' | 'desc' } {
  return sort.startsWith('-') ? { key: sort.slice(1) as K, direction: 'desc' } : { key: sort as K, direction: 'asc' };
}

/** A click on the sorted column turns its direction; another column starts ascending for text, descending for counts. */
export function nextServerSort<K extends string>(sort: TServerSort<K>, key: K, numeric: boolean): TServerSort<K> {
  const current = sortOf(sort);
  if (current.key === key) return current.direction === 'asc' ? `-${key}` : key;
  return numeric ? `-${key}` : key;
}

/** One page of a list as the server asks for it (`page`, `page_size`, `sort`, `q`). */
export type TServerListParams<K extends string> = { page: number; pageSize: number; sort: TServerSort<K>; q: string };

/**
 * What a server-paged list page keeps: the typed search, the page and the sort. The search goes to
 * the server once typing pauses and only from its third character (spec §5); a shorter term asks
 * for the whole list, so typing it costs no request. A new search or sort starts at page 1.
 */
export function useServerListState<K extends string>(initialSort: TServerSort<K>) {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSortValue] = useState<TServerSort<K>>(initialSort);
  const [debounced] = useDebouncedValue(search, 300);
  const q = searchState(debounced) === 'active' ? debounced.trim() : '';
  const params: TServerListParams<K> = { page, pageSize: PAGE_SIZE, sort, q };
  return {
    search,
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    sort,
    setSort: (next: TServerSort<K>) => {
      setSortValue(next);
      setPage(1);
    },
    setPage,
    params,
  };
}

export type TServerListState<K extends string> = ReturnType<typeof useServerListState<K>>;
