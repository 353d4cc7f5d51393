import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PHOTO_WIDTHS, photoSources } from "./photo-sources";
import { VehiclePicture } from "./vehicle-picture";

const NAME = "0123456789abcdef0123456789abcdef";

describe("a made photo's sources", () => {
  it("names every width up to the widest made, AVIF and WebP, and the widest WebP as src with its 16:9 size", () => {
    expect(photoSources(`${NAME}-1440`)).toEqual({
      src: `/media/photos/${NAME}-1440.webp`,
      srcSet: {
        avif: PHOTO_WIDTHS.map((w) => `/media/photos/${NAME}-${w}.avif ${w}w`).join(", "),
        webp: PHOTO_WIDTHS.map((w) => `/media/photos/${NAME}-${w}.webp ${w}w`).join(", "),
      },
      width: 1440,
      height: 810,
    });
    expect(photoSources(`${NAME}-480`)).toMatchObject({
      src: `/media/photos/${NAME}-480.webp`,
      width: 480,
      height: 270,
    });
  });

  it.each(["", "https://cdn.example/car.jpg", "/media/inventory/photos/red-1.jpg", `${NAME}`, `../${NAME}-480`])(
    "a value that is no photo key has no sources: %s",
    (key) => expect(photoSources(key)).toBeNull(),
  );
});

describe("the card's picture", () => {
  it("with a photo: a picture with AVIF and WebP srcsets, sizes, and the img's width and height", () => {
    const html = renderToStaticMarkup(
      createElement(VehiclePicture, { bodyStyle: "sedans", color: "Red", photo: `${NAME}-960` }),
    );
    expect(html).toContain(
      `<source type="image/avif" srcSet="/media/photos/${NAME}-480.avif 480w, /media/photos/${NAME}-960.avif 960w"`,
    );
    expect(html).toContain(
      `<source type="image/webp" srcSet="/media/photos/${NAME}-480.webp 480w, /media/photos/${NAME}-960.webp 960w"`,
    );
    expect(html).toMatch(/<img src="\/media\/photos\/[0-9a-f]{32}-960\.webp" alt="" width="960" height="540"/);
    expect(html).toContain('sizes="');
    expect(html).not.toContain("/media/vehicles/");
  });

  it("without a photo: the body-style drawing", () => {
    const html = renderToStaticMarkup(createElement(VehiclePicture, { bodyStyle: "sedans", color: "Red" }));
    expect(html).toContain('src="/media/vehicles/sedans-red.svg"');
    expect(html).not.toContain("srcSet");
  });
});
