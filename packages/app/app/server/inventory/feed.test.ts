import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IMAGE_URL_MESSAGE, MAX_IMAGES, parseCsvFeed, parseJsonFeed } from "./feed";

const VIN = "1HGCM82633A004352";
const HEADER = "VIN,Stock,Year,Make,Model,Body,Condition,Mileage,Price,Photos";
const csvRow = (photos: string) => `${VIN},A1,2019,Honda,Accord,Sedan,Used,41200,18995,${photos}`;
const jsonRow = (images: unknown) => ({
  vin: VIN,
  stockNumber: "A1",
  condition: "used",
  year: 2019,
  make: "Honda",
  model: "Accord",
  bodystyle: "Sedans",
  mileage: 41200,
  price: 18995,
  images,
});

describe("a feed's images", () => {
  it("a CSV Photos column joined with | becomes the vehicle's images, in the feed's order, http upgraded to https", () => {
    const feed = parseCsvFeed(
      [
        HEADER,
        csvRow("https://cdn.dealer.example/a.jpg| http://cdn.dealer.example/b.jpg |https://x.example/c.webp"),
      ].join("\n"),
    );
    expect(feed.rejected).toEqual([]);
    expect(feed.vehicles[0]?.details.images).toEqual([
      "https://cdn.dealer.example/a.jpg",
      "https://cdn.dealer.example/b.jpg",
      "https://x.example/c.webp",
    ]);
  });

  it("a JSON feed's images array (or Images / Photos) is read the same way; repeats are kept once", () => {
    const feed = parseJsonFeed([
      jsonRow(["https://a.example/1.jpg", "https://a.example/2.jpg", "https://a.example/1.jpg"]),
      {
        ...jsonRow(undefined),
        vin: "1M8GDM9AXKP042788",
        stockNumber: "A2",
        Photos: ["/media/inventory/photos/red-1.jpg"],
      },
    ]);
    expect(feed.rejected).toEqual([]);
    expect(feed.vehicles.map((v) => v.details.images)).toEqual([
      ["https://a.example/1.jpg", "https://a.example/2.jpg"],
      ["/media/inventory/photos/red-1.jpg"],
    ]);
  });

  it("no images (an empty cell, a missing column, an empty array) leaves the vehicle without images: the drawing shows", () => {
    const csv = parseCsvFeed([HEADER, csvRow("")].join("\n"));
    const withoutColumn = parseCsvFeed(
      ["VIN,Stock,Year,Make,Model,Body,Condition,Mileage", `${VIN},A1,2019,Honda,Accord,Sedan,Used,41200`].join("\n"),
    );
    const json = parseJsonFeed([jsonRow([])]);
    for (const feed of [csv, withoutColumn, json]) {
      expect(feed.rejected).toEqual([]);
      expect(feed.vehicles[0]?.details).not.toHaveProperty("images");
    }
  });

  it("a row with an image that is not an http or https URL is refused with the position and a clear message", () => {
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "ftp://files.example/a.jpg",
      "cdn.dealer.example/a.jpg",
      "/etc/passwd",
      "/media/../secrets.jpg",
      "https://user:pw@cdn.example/a.jpg",
    ]) {
      const feed = parseCsvFeed([HEADER, csvRow(`https://ok.example/a.jpg|${bad}`)].join("\n"));
      expect(feed.vehicles, bad).toEqual([]);
      expect(feed.rejected, bad).toEqual([{ line: 2, reason: `images.1: ${IMAGE_URL_MESSAGE}` }]);
    }
    const notAList = parseJsonFeed([jsonRow({ url: "https://a.example/1.jpg" })]);
    expect(notAList.rejected).toEqual([{ line: 1, reason: "images: images must be a list of URLs" }]);
    const tooMany = parseJsonFeed([
      jsonRow(Array.from({ length: MAX_IMAGES + 1 }, (_, i) => `https://a.example/${i}.jpg`)),
    ]);
    expect(tooMany.rejected[0]?.reason).toContain(`at most ${MAX_IMAGES} images`);
  });

  it("property: every image a parsed feed keeps is an https URL or a /media/ path without '..', whatever the cell held", () => {
    const candidate = fc.oneof(
      fc.webUrl({ validSchemes: ["http", "https", "ftp", "javascript", "data", "file"] }),
      fc.string(),
      fc.constantFrom("/media/a/b.jpg", "/media/../x.jpg", "//evil.example/x.jpg", "https:", "HTTP://A.EXAMPLE/x"),
    );
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 5 }), (cells) => {
        const feed = parseJsonFeed([jsonRow(cells)]);
        for (const image of feed.vehicles[0]?.details.images ?? []) {
          const local = image.startsWith("/media/") && !image.includes("..");
          const remote = URL.canParse(image) && new URL(image).protocol === "https:";
          expect(local || remote, image).toBe(true);
        }
        // A row is refused or keeps its images: one that gave any is never stored without them.
        if (feed.vehicles.length === 1 && cells.some((c) => c.trim() !== "")) {
          expect(feed.vehicles[0]?.details.images?.length ?? 0).toBeGreaterThan(0);
        }
      }),
    );
  });
});
