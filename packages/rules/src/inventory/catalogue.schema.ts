import * as z from "zod/mini";
import { SLUG_PATTERN } from "./slug";

const entry = {
  slug: z
    .string()
    .check(z.regex(SLUG_PATTERN, "must be a slug: lower-case letters and digits joined by single hyphens")),
  name: z.string().check(z.trim(), z.minLength(1, "must not be empty")),
};

/** The makes and models a store can be searched by, as the app reads them from its inventory (zod/mini, ADR 213). */
export const catalogueSchema = z.object({ makes: z.array(z.object({ ...entry, models: z.array(z.object(entry)) })) });
