/**
 * The spec's emptiness test (section 5): null, blank strings, zero and empty objects count as empty. `undefined`
 * (a missing form value) is empty too. Containers are empty when they hold nothing: arrays and plain objects
 * without own keys, maps and sets without entries, blobs and files of zero bytes. `false` is a real answer, and
 * `NaN` and invalid dates are values that failed to parse, so neither counts as empty.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (typeof value === "number") return value === 0;
  if (typeof value === "bigint") return value === 0n;
  if (typeof value !== "object") return false;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date) return false;
  if (value instanceof Map || value instanceof Set) return value.size === 0;
  if (typeof Blob !== "undefined" && value instanceof Blob) return value.size === 0;
  return Object.keys(value).length === 0;
}

/**
 * True when a group of form fields carries no content: every leaf is blank or missing. Zero counts as content here
 * (a monthly rent of 0 is an answer), unlike in `isEmpty`. Keys listed in `ignore`, at any depth (a radio or select
 * with a default, such as an address type), do not make a group filled on their own.
 */
export function isBlankGroup(value: unknown, ignore: readonly string[] = []): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (typeof Blob !== "undefined" && value instanceof Blob) return value.size === 0;
  if (Array.isArray(value)) return value.every((item) => isBlankGroup(item, ignore));
  if (typeof value === "object" && !(value instanceof Date)) {
    return Object.entries(value).every(([key, item]) => ignore.includes(key) || isBlankGroup(item, ignore));
  }
  return false;
}
