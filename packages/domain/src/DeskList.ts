/**
 * How the staff desk's lists page and sort (issue 34, the react-admin / litemall conventions):
 * a page size from a short list, pages from 1, a header clicked once sorts ascending and again
 * descending. The same rules page a list on the device (stations) and on the server (orders), so
 * the pager never disagrees with the rows.
 * @module
 */

/** The page sizes an operator may choose. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** A page size an operator may choose. */
export type PageSize = (typeof PAGE_SIZES)[number];

/** The page size a list opens with. */
export const DEFAULT_PAGE_SIZE: PageSize = 20;

/** Whether `n` is one of {@link PAGE_SIZES}. */
export const isPageSize = (n: number): n is PageSize => (PAGE_SIZES as ReadonlyArray<number>).includes(n);

/** How many pages `total` rows fill at `size` a page: at least 1, so an empty list still has its page 1. */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, size)));

/** `page` kept within 1 and the last page (a filter that narrows the list can leave a page past the end). */
export const clampPage = (page: number, total: number, size: number): number => Math.min(Math.max(1, Math.floor(page)), pageCount(total, size));

/** The rows of page `page` (from 1) at `size` a page; the page is clamped first. */
export const pageOf = <T>(rows: ReadonlyArray<T>, page: number, size: number): ReadonlyArray<T> => {
  const at = clampPage(page, rows.length, size);
  return rows.slice((at - 1) * size, at * size);
};

/** Which way a column sorts. */
export type SortDirection = "asc" | "desc";

/** A list's sort: its column and direction. */
export interface Sort<C extends string> {
  readonly column: C;
  readonly direction: SortDirection;
}

/** A header clicked: another column sorts ascending; the sorted column turns the other way. */
export const nextSort = <C extends string>(current: Sort<C>, column: C): Sort<C> =>
  current.column === column ? { column, direction: current.direction === "asc" ? "desc" : "asc" } : { column, direction: "asc" };

/** A comparison turned round for a descending sort (ties stay ties). */
export const directed = <T>(compare: (a: T, b: T) => number, direction: SortDirection): ((a: T, b: T) => number) =>
  direction === "asc" ? compare : (a, b) => compare(b, a);
