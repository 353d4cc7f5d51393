import { Photo } from "./photo";
import { vehiclePicturePath } from "./picture-path";

/**
 * The vehicle's picture: its first photo once the server has made it (ADR 380), cropped to the frame; otherwise the fixtures' drawing of its body style in its paint colour (ADR 084), served by
 * `/media/vehicles/{style}-{colour}.svg` so each combination is one cached file. Decorative on cards, where the
 * title names the vehicle; the detail page passes words. `eager` is for the page's main picture: fetched first
 * and awaited before the page's scripts start (docs/decisions/154).
 */
export function VehiclePicture({
  bodyStyle,
  color,
  photo = null,
  alt = "",
  className = "",
  eager = false,
}: {
  bodyStyle: string;
  color: string | null;
  photo?: string | null;
  alt?: string;
  className?: string;
  eager?: boolean;
}) {
  if (photo) {
    return (
      <Photo
        photo={photo}
        alt={alt}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        eager={eager}
        className={`bg-slate-100 object-cover ${className}`}
      />
    );
  }
  return (
    <img
      src={vehiclePicturePath(bodyStyle, color)}
      alt={alt}
      width={320}
      height={140}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : "auto"}
      className={`bg-gradient-to-b from-slate-50 to-slate-100 object-contain ${className}`}
    />
  );
}
