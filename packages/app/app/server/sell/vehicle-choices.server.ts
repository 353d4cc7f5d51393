import { MODEL_CATALOGUE, type ModelSpec } from "@showroom/fixtures";

/** How many model years back the year list goes: older vehicles are brought in anyway (15 years or older). */
const YEARS_BACK = 30;

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "");
const unique = (values: readonly string[]) => [...new Set(values)];

/** The earliest model year the catalogue knows; a model on the lot since then was sold before it too. */
const CATALOGUE_START = Math.min(...MODEL_CATALOGUE.map((m) => m.years[0]));

function soldIn(spec: ModelSpec, year: number): boolean {
  return year <= spec.years[1] && (year >= spec.years[0] || spec.years[0] <= CATALOGUE_START);
}

/**
 * The year → make → model → trim choices of the sell/trade form: the vehicles the catalogue (and so the demo book)
 * knows. A vehicle outside them is entered by its VIN, and the valuation says whether it can be priced online.
 */
export const vehicleChoices = {
  /** Next year's models down to thirty years back, newest first. */
  years(today: string): number[] {
    const next = Number(today.slice(0, 4)) + 1;
    return Array.from({ length: YEARS_BACK + 1 }, (_, i) => next - i);
  },
  /** Every make the catalogue lists, whatever the year. */
  allMakes(): string[] {
    return unique(MODEL_CATALOGUE.map((m) => m.make)).sort((a, b) => a.localeCompare(b));
  },
  makes(year: number): string[] {
    return unique(MODEL_CATALOGUE.filter((m) => soldIn(m, year)).map((m) => m.make)).sort((a, b) => a.localeCompare(b));
  },
  models(year: number, make: string): string[] {
    return unique(
      MODEL_CATALOGUE.filter((m) => soldIn(m, year) && squash(m.make) === squash(make)).map((m) => m.model),
    ).sort((a, b) => a.localeCompare(b));
  },
  trims(year: number, make: string, model: string): string[] {
    const specs = MODEL_CATALOGUE.filter(
      (m) => soldIn(m, year) && squash(m.make) === squash(make) && squash(m.model) === squash(model),
    );
    return unique(
      specs.flatMap((m) =>
        m.trims
          .filter(
            (t) =>
              (t.from === undefined || year >= t.from || year < CATALOGUE_START) &&
              (t.to === undefined || year <= t.to),
          )
          .map((t) => t.name),
      ),
    );
  },
};

/** A chosen make, model and trim in the catalogue's spelling when it knows them, as typed otherwise. */
export function canonicalChoice<T extends { year: number; make: string; model: string; trim: string | null }>(
  choice: T,
): T {
  const make = vehicleChoices.makes(choice.year).find((m) => squash(m) === squash(choice.make)) ?? choice.make;
  const model =
    vehicleChoices.models(choice.year, make).find((m) => squash(m) === squash(choice.model)) ?? choice.model;
  const trim =
    choice.trim === null
      ? null
      : (vehicleChoices.trims(choice.year, make, model).find((t) => squash(t) === squash(choice.trim ?? "")) ??
        choice.trim);
  return { ...choice, make, model, trim };
}
