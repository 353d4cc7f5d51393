import type { InventoryRules } from "./inventory.schema";
import { defaultInventoryRules } from "./rules";
import { isSlug, slugify } from "./slug";
import { PRICE_SEGMENT_PATTERN } from "./vocabulary";

export interface CatalogueModel {
  readonly slug: string;
  readonly name: string;
}
export interface CatalogueMake {
  readonly slug: string;
  readonly name: string;
  readonly models: readonly CatalogueModel[];
}
/** Known makes and their models; slugs are what search paths and filters hold. */
export interface Catalogue {
  readonly makes: readonly CatalogueMake[];
}

/** What a make or make-model segment stands for. */
export interface MakeModel {
  readonly make: string;
  readonly model?: string;
}

// Building the segment table costs a pass over the catalogue; the app keeps one catalogue object per inventory
// version, so caching by identity makes every later parse a single map lookup.
const tables = new WeakMap<Catalogue, ReadonlyMap<string, MakeModel>>();

interface Candidate {
  readonly segment: string;
  readonly target: MakeModel;
}

function candidates(catalogue: Catalogue): Candidate[] {
  const list: Candidate[] = [];
  for (const make of catalogue.makes) {
    list.push({ segment: make.slug, target: { make: make.slug } });
    for (const model of make.models) {
      list.push({ segment: `${make.slug}-${model.slug}`, target: { make: make.slug, model: model.slug } });
    }
  }
  return list;
}

/**
 * Whether `a` beats `b` for the same segment: the longer make slug wins (`land-rover` + `evoque` over `land` +
 * `rover-evoque`, and the make `alfa-romeo` over `alfa` + `romeo`); on a tie the earlier entry stays.
 */
function wins(a: MakeModel, b: MakeModel): boolean {
  return a.make.length > b.make.length;
}

/** The segment → make/model table of a catalogue (cached per catalogue object). */
export function segmentTable(catalogue: Catalogue): ReadonlyMap<string, MakeModel> {
  const cached = tables.get(catalogue);
  if (cached) return cached;
  const table = new Map<string, MakeModel>();
  for (const { segment, target } of candidates(catalogue)) {
    if (!isSlug(segment)) continue;
    const current = table.get(segment);
    if (!current || wins(target, current)) table.set(segment, target);
  }
  tables.set(catalogue, table);
  return table;
}

/** The make or make-model a lower-case segment names in `catalogue`, if any. */
export function resolveMakeModel(segment: string, catalogue: Catalogue): MakeModel | undefined {
  return segmentTable(catalogue).get(segment);
}

/** The path segment of a make or make-model: `toyota`, `toyota-camry`, `mercedes-benz-c-class`. */
export function makeModelSegment(make: string, model?: string): string {
  return model ? `${make}-${model}` : make;
}

/** A catalogue entry that a search path can never reach, and why. */
export interface CatalogueConflict {
  readonly make: string;
  readonly model?: string;
  readonly segment: string;
  readonly reason: string;
}

/**
 * The makes and models of `catalogue` that no search path can select: slugs that are not canonical, segments that
 * are a body style, a feature or a price segment, and segments another entry takes (see {@link segmentTable}).
 * The importer reports these; an empty list means every entry round-trips through its path.
 */
export function catalogueConflicts(
  catalogue: Catalogue,
  rules: InventoryRules = defaultInventoryRules,
): CatalogueConflict[] {
  const reserved = new Map<string, string>([
    ...rules.bodyStyles.map((b): [string, string] => [b.slug, "is a body style"]),
    ...rules.features.map((f): [string, string] => [f.slug, "is a feature"]),
  ]);
  const table = segmentTable(catalogue);
  const conflicts: CatalogueConflict[] = [];
  const claimed = new Set<string>();
  for (const { segment, target } of candidates(catalogue)) {
    const at = { ...target, segment };
    const invalid = [target.make, target.model].find((s) => s !== undefined && !isSlug(s));
    const winner = table.get(segment);
    const key = `${target.make}\u0000${target.model ?? ""}`;
    if (invalid !== undefined) conflicts.push({ ...at, reason: `${invalid} is not a canonical slug` });
    else if (reserved.has(segment)) conflicts.push({ ...at, reason: `${segment} ${reserved.get(segment)}` });
    else if (PRICE_SEGMENT_PATTERN.test(segment)) conflicts.push({ ...at, reason: `${segment} is a price segment` });
    else if (claimed.has(key)) conflicts.push({ ...at, reason: "is listed twice" });
    else if (winner && (winner.make !== target.make || winner.model !== target.model)) {
      const by = winner.model ? `make ${winner.make} with model ${winner.model}` : `make ${winner.make}`;
      conflicts.push({ ...at, reason: `${segment} is taken by ${by}` });
    }
    claimed.add(key);
  }
  return conflicts;
}

/**
 * A catalogue built from vehicles' make and model names: slugs by {@link slugify}, the first spelling seen as the
 * name, makes and models sorted by slug. Names without any Latin letter or digit are left out.
 */
export function buildCatalogue(vehicles: Iterable<{ readonly make: string; readonly model: string }>): Catalogue {
  const makes = new Map<string, { name: string; models: Map<string, string> }>();
  for (const vehicle of vehicles) {
    const makeSlug = slugify(vehicle.make);
    if (!makeSlug) continue;
    let make = makes.get(makeSlug);
    if (!make) {
      make = { name: vehicle.make.trim(), models: new Map() };
      makes.set(makeSlug, make);
    }
    const modelSlug = slugify(vehicle.model);
    if (modelSlug && !make.models.has(modelSlug)) make.models.set(modelSlug, vehicle.model.trim());
  }
  const bySlug = (a: { slug: string }, b: { slug: string }) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
  return {
    makes: [...makes]
      .map(([slug, make]) => ({
        slug,
        name: make.name,
        models: [...make.models].map(([modelSlug, name]) => ({ slug: modelSlug, name })).sort(bySlug),
      }))
      .sort(bySlug),
  };
}
