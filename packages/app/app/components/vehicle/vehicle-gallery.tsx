import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { type TextTree, translator } from "../i18n";
import { Icon } from "../icon";
import { Photo } from "./photo";

const ARROW =
  "absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow ring-1 ring-slate-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700";

/**
 * Every photo the feed gave, one per slide. The strip is a scroll-snap list, so swiping and the focused strip's own
 * arrow-key scrolling work before (and without) JavaScript; once hydrated, the buttons and ArrowLeft/ArrowRight move
 * exactly one photo. The first photo is the page's main picture (eager, high priority); the others load as they
 * near the view. Each is AVIF or WebP at the width the screen needs (`srcset`, made by the server, ADR 380); width
 * and height reserve the slide's box, and nothing moves when a photo arrives.
 */
export function VehicleGallery({
  photos,
  name,
  texts,
  className = "",
}: {
  /** Photo keys (`photo-sources.ts`). */
  photos: readonly string[];
  /** Words for the vehicle: "2021 Toyota Camry in Silver". */
  name: string;
  texts: TextTree;
  className?: string;
}) {
  const t = translator(texts);
  const strip = useRef<HTMLUListElement>(null);
  // The buttons need the script: without it they would be controls that do nothing.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const move = (step: number) => {
    const el = strip.current;
    if (!el || el.clientWidth === 0) return;
    const target = Math.round(el.scrollLeft / el.clientWidth) + step;
    el.scrollTo({ left: Math.max(0, Math.min(target, photos.length - 1)) * el.clientWidth, behavior: "smooth" });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    move(event.key === "ArrowRight" ? 1 : -1);
  };

  return (
    <section aria-label={t("detail.photos", { vehicle: name })} className={`relative ${className}`}>
      <ul
        ref={strip}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling strip must be reachable by keyboard to scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl bg-slate-100 [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {photos.map((key, i) => (
          <li key={key} className="w-full shrink-0 snap-start">
            <Photo
              photo={key}
              alt={t("detail.photoAlt", { vehicle: name, number: i + 1, count: photos.length })}
              sizes="(min-width: 1024px) 60vw, 100vw"
              eager={i === 0}
              className="block aspect-[16/9] w-full object-cover"
            />
          </li>
        ))}
      </ul>
      {photos.length > 1 ? (
        <>
          <button
            type="button"
            hidden={!hydrated}
            onClick={() => move(-1)}
            aria-label={t("detail.previousPhoto")}
            className={`${ARROW} left-2`}
          >
            <Icon name="chevron-left" className="size-5" />
          </button>
          <button
            type="button"
            hidden={!hydrated}
            onClick={() => move(1)}
            aria-label={t("detail.nextPhoto")}
            className={`${ARROW} right-2`}
          >
            <Icon name="chevron-right" className="size-5" />
          </button>
        </>
      ) : null}
    </section>
  );
}
