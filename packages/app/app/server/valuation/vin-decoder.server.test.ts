import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { vinCheckDigit } from "@showroom/rules/inventory";
import { VinDecodeError } from "@showroom/rules/questionnaire";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createVinDecoder } from "./vin-decoder.server";

const decoder = createVinDecoder();
const scratch = mkdtempSync(join(tmpdir(), "showroom-vin-"));
afterAll(() => {
  decoder.close();
  rmSync(scratch, { recursive: true, force: true });
});

const problemOf = (vin: string) =>
  decoder.decode(vin).then(
    () => null,
    (error: unknown) => (error instanceof VinDecodeError ? error.problem : `not a VinDecodeError: ${String(error)}`),
  );

/** `vin` with its check digit (position 9) made right. */
const withCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;

describe("the offline VIN decoder", () => {
  it("decodes a fixture VIN to its year, make, model and trim, whatever the case and spaces", async () => {
    await expect(decoder.decode(" wmwwj9c03m2387500 ")).resolves.toEqual({
      year: 2021,
      make: "MINI",
      model: "Cooper Convertible",
      trim: "JCW",
    });
    await expect(decoder.decode("KL8CD6SA1EC456789")).resolves.toEqual({
      year: 2014,
      make: "Chevrolet",
      model: "Spark",
      trim: "1LT",
    });
  });

  it("a trim vPIC gives as a list of trims or of plant codes is no trim", async () => {
    await expect(decoder.decode("1VW5D7ATXKW160802")).resolves.toMatchObject({ model: "Beetle", trim: null });
    await expect(decoder.decode("5TBVW5P19TX400636")).resolves.toMatchObject({ model: "Tundra", trim: null });
    await expect(decoder.decode("KMHGN4ME2HU506880")).resolves.toMatchObject({ model: "G80", trim: null });
  });

  it("a wrong check digit, a VIN vPIC knows no vehicle for, and a string that is not a VIN each say why", async () => {
    expect(await problemOf("KL8CB6SA3EC000000")).toBe("check-digit");
    expect(await problemOf(withCheckDigit("1G1ZZZZZ0ZZ000000"))).toBe("undecodable");
    expect(await problemOf("not a vin")).toBe("undecodable");
  });

  it("property: a VIN whose check digit is wrong is always refused as such, before any lookup", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/).filter((vin) => vin.charAt(8) !== vinCheckDigit(vin)),
        async (vin) => {
          expect(await problemOf(vin)).toBe("check-digit");
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a database that cannot be opened makes VINs unavailable, not a crash", async () => {
    // A cache folder under a file cannot be made: the database cannot be unpacked there.
    const file = join(scratch, "a-file");
    writeFileSync(file, "");
    const broken = createVinDecoder({ cacheDir: join(file, "cache") });
    expect(
      await broken.decode("WMWWJ9C03M2387500").then(
        () => null,
        (error: VinDecodeError) => error.problem,
      ),
    ).toBe("unavailable");
  });
});
