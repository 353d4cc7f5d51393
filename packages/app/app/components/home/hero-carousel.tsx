import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { useUi } from "../i18n";
import { Icon } from "../icon";
import { PageLink } from "../navigation/page-link";
import type { HomeView } from "./home-view";

/** How long before autoplay turns to a slide its picture starts loading. */
const PICTURE_LEAD_MS = 2000;

function SlidePicture({ slide, first }: { slide: HomeView["hero"]["slides"][number]; first: boolean }) {
  return (
    <img
      src={slide.image.src}
      alt={slide.image.alt}
      width={1200}
      height={800}
      loading={first ? "eager" : "lazy"}
      fetchPriority={first ? "high" : "auto"}
      decoding={first ? "sync" : "async"}
      className="h-auto w-full rounded-2xl"
    />
  );
}

/**
 * The hero slides: a CSS scroll-snap strip, server-rendered, that people can swipe or scroll without JavaScript (the
 * dots are anchor links). With JavaScript it gains previous/next buttons and autoplay, which pauses on hover, on
 * focus, with the pause button (WCAG 2.2.2), and never starts for people who prefer reduced motion.
 */
export function HeroCarousel({ hero }: { hero: HomeView["hero"] }) {
  const ui = useUi();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [held, setHeld] = useState(false);
  // The later slides' pictures are large SVGs that a phone would fetch, lay out and paint in its first seconds, next
  // to a first slide that shows alone. With JavaScript they load when the strip first moves, or shortly before
  // autoplay turns to them; without it they sit in <noscript> and load with the page (docs/decisions/159).
  const [laterPictures, setLaterPictures] = useState(false);
  const total = hero.slides.length;

  const go = useCallback((index: number) => {
    const element = track.current;
    if (!element) return;
    const next = (index + element.children.length) % element.children.length;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollTo({ left: next * element.clientWidth, behavior: still ? "auto" : "smooth" });
  }, []);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    // Transitions: the dots follow the scroll, and autoplay starts after hydration, without blocking a frame.
    const onScroll = () =>
      startTransition(() => {
        setLaterPictures(true);
        setCurrent(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
      });
    element.addEventListener("scroll", onScroll, { passive: true });
    const play = total > 1 && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    startTransition(() => setPlaying(play));
    return () => element.removeEventListener("scroll", onScroll);
  }, [total]);

  useEffect(() => {
    if (!playing || held) return;
    const timer = setTimeout(() => go(current + 1), hero.autoplaySeconds * 1000);
    // Time for the next picture to arrive before autoplay shows it.
    const early = setTimeout(
      () => startTransition(() => setLaterPictures(true)),
      Math.max(0, hero.autoplaySeconds * 1000 - PICTURE_LEAD_MS),
    );
    return () => {
      clearTimeout(timer);
      clearTimeout(early);
    };
  }, [playing, held, current, go, hero.autoplaySeconds]);

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="hero-slide-title-0"
      className="relative bg-brand-900 text-white"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {/* The browser paints nothing before it has parsed the first slide (up to the empty marker after it), so the first
          frame already holds the page's largest element: painting the header alone first would leave the largest paint
          to a later frame, after the scripts have arrived (docs/decisions/153). React hoists the link into <head>. */}
      <link rel="expect" href="#hero-first-slide-end" blocking="render" />
      <div
        ref={track}
        className="snap-slides flex snap-x snap-mandatory overflow-x-auto"
        aria-live={playing && !held ? "off" : "polite"}
      >
        {hero.slides.map((slide, i) => {
          const Heading = i === 0 ? "h1" : "h2";
          return (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern names each slide a group; a fieldset would announce a form
            <div
              key={slide.id}
              id={`slide-${slide.id}`}
              role="group"
              aria-roledescription="slide"
              aria-label={slide.eyebrow}
              className="w-full shrink-0 snap-start"
            >
              <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 md:py-16 lg:px-8">
                <div>
                  <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{slide.eyebrow}</p>
                  <Heading id={`hero-slide-title-${i}`} className="mt-3 text-3xl font-bold tracking-tight sm:text-5xl">
                    {slide.title}
                  </Heading>
                  <p className="mt-4 max-w-xl text-lg text-brand-50">{slide.text}</p>
                  <div className="mt-8 flex flex-wrap gap-3">
                    <PageLink
                      to={slide.primaryCta.href}
                      prefetch="intent"
                      className="rounded-md bg-white px-5 py-3 font-semibold text-brand-900 shadow-sm hover:bg-brand-50"
                    >
                      {slide.primaryCta.text}
                    </PageLink>
                    {slide.secondaryCta ? (
                      <PageLink
                        to={slide.secondaryCta.href}
                        prefetch="intent"
                        className="rounded-md border border-white/60 px-5 py-3 font-semibold text-white hover:bg-white/10"
                      >
                        {slide.secondaryCta.text}
                      </PageLink>
                    ) : null}
                  </div>
                </div>
                {i === 0 && hero.firstPictureSvg ? (
                  <div
                    role="img"
                    aria-label={slide.image.alt}
                    className="aspect-[3/2] w-full overflow-hidden rounded-2xl [&>svg]:block [&>svg]:size-full"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: a local SVG checked for scripts, handlers and outside references (content/inline-svg.server)
                    dangerouslySetInnerHTML={{ __html: hero.firstPictureSvg }}
                  />
                ) : i === 0 || laterPictures ? (
                  <SlidePicture slide={slide} first={i === 0} />
                ) : (
                  <noscript>
                    <SlidePicture slide={slide} first={false} />
                  </noscript>
                )}
              </div>
              {i === 0 ? <span id="hero-first-slide-end" /> : null}
            </div>
          );
        })}
      </div>
      {total > 1 ? (
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 pb-6 sm:px-6 lg:px-8">
          <button
            type="button"
            onClick={() => go(current - 1)}
            aria-label={ui("common.a11y.previousSlide")}
            className="hidden size-10 items-center justify-center rounded-full border border-white/60 hover:bg-white/10 js:inline-flex"
          >
            <Icon name="chevron-left" className="size-5" />
          </button>
          <ol className="flex items-center gap-1">
            {hero.slides.map((slide, i) => (
              <li key={slide.id}>
                <a
                  href={`#slide-${slide.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    go(i);
                  }}
                  aria-label={ui("common.a11y.goToSlide", { number: i + 1, total })}
                  aria-current={i === current ? "true" : undefined}
                  className="flex size-6 items-center justify-center"
                >
                  <span
                    className={`block h-2.5 rounded-full transition-all ${i === current ? "w-6 bg-white" : "w-2.5 bg-white/60"}`}
                  />
                </a>
              </li>
            ))}
          </ol>
          <button
            type="button"
            onClick={() => go(current + 1)}
            aria-label={ui("common.a11y.nextSlide")}
            className="hidden size-10 items-center justify-center rounded-full border border-white/60 hover:bg-white/10 js:inline-flex"
          >
            <Icon name="chevron-right" className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? ui("common.a11y.pauseSlides") : ui("common.a11y.playSlides")}
            className="ml-auto hidden size-10 items-center justify-center rounded-full border border-white/60 hover:bg-white/10 js:inline-flex"
          >
            <Icon name={playing ? "pause" : "play"} className="size-5" />
          </button>
        </div>
      ) : null}
    </section>
  );
}
