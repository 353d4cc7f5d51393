/**
 * The `headers` of a page that shows a visitor's own details (a prefilled profile, an application in progress, a
 * receipt): neither a shared cache nor the browser's may keep it (issue 12).
 */
export function privatePageHeaders(): HeadersInit {
  return { "Cache-Control": "private, no-store" };
}
