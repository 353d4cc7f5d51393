import { ITEMS_PER_PAGE } from "./rules";

/** The number of pages for `total` results; at least 1, because page 1 of an empty search still exists. */
export function pageCount(total: number, perPage: number = ITEMS_PER_PAGE): number {
  if (!(perPage >= 1) || !(total > 0)) return 1;
  return Math.ceil(Math.floor(total) / Math.floor(perPage)) || 1;
}

/** The offset of a 1-based page's first result. */
export function pageOffset(page: number, perPage: number = ITEMS_PER_PAGE): number {
  return (Math.max(1, Math.floor(page)) - 1) * Math.floor(perPage);
}

/** The database window of a 1-based page: `{ offset, limit }`. */
export function pageWindow(page: number, perPage: number = ITEMS_PER_PAGE): { offset: number; limit: number } {
  return { offset: pageOffset(page, perPage), limit: Math.floor(perPage) };
}

/** The page "Show more" leads to, or null on the last page. */
export function nextPage(page: number, total: number, perPage: number = ITEMS_PER_PAGE): number | null {
  const current = Math.max(1, Math.floor(page));
  return current < pageCount(total, perPage) ? current + 1 : null;
}

/** True when a 1-based page exists for `total` results (the app answers 404 for the others). */
export function pageExists(page: number, total: number, perPage: number = ITEMS_PER_PAGE): boolean {
  return Number.isSafeInteger(page) && page >= 1 && page <= pageCount(total, perPage);
}
