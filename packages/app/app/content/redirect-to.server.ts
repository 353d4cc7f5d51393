import { z } from "zod";

/** Where a form may send the visitor back to: a path of this site, never another origin; anything else is `/`. */
export const redirectToSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s\\]*$/)
  .catch("/");
