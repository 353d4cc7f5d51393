import { useContext } from "react";
import { PhotoBase } from "./photo-base";
import { photoSources } from "./photo-sources";

/**
 * A photo the server made (ADR 380): AVIF, then WebP, each at every width made, the browser picking by `sizes`. The
 * `<img>` carries the photo's width and height, so its box is reserved before a byte arrives. A key that is not a
 * photo's renders nothing.
 */
export function Photo({
  photo,
  alt,
  sizes,
  eager = false,
  className = "",
}: {
  photo: string;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const sources = photoSources(photo, useContext(PhotoBase));
  if (!sources) return null;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.srcSet.avif} sizes={sizes} />
      <source type="image/webp" srcSet={sources.srcSet.webp} sizes={sizes} />
      <img
        src={sources.src}
        alt={alt}
        width={sources.width}
        height={sources.height}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : "auto"}
        decoding={eager ? "auto" : "async"}
        className={className}
      />
    </picture>
  );
}
