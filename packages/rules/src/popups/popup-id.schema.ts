import * as z from "zod/mini";

/**
 * A popup id: letters, digits, hyphens and underscores. Ids become keys of the browser-storage objects, so names
 * such as `__proto__` are refused here rather than trusted there.
 */
export const popupIdSchema = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, { message: "A popup id is letters, digits, - and _ (at most 64)." }),
  );
