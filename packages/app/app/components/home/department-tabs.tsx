import { type KeyboardEvent, startTransition, useEffect, useRef, useState } from "react";
import { Icon } from "../icon";
import { ButtonLink } from "../ui";
import type { HomeView } from "./home-view";

/**
 * The department tabs (Finance, Shop, Sell or Trade, Service). Without JavaScript they are four titled sections one
 * after the other; with it, an ARIA tab list (arrow keys, Home and End) shows one at a time. The `js` class set
 * before first paint picks the layout, so nothing jumps when the page hydrates.
 */
export function DepartmentTabs({ departments }: { departments: HomeView["departmentTabs"] }) {
  const [selected, setSelected] = useState(0);
  const [enhanced, setEnhanced] = useState(false);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // A transition: the post-hydration update renders in slices instead of one blocking task (docs/decisions/155).
  useEffect(() => startTransition(() => setEnhanced(true)), []);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = departments.tabs.length - 1;
    const next =
      event.key === "ArrowRight"
        ? selected === last
          ? 0
          : selected + 1
        : event.key === "ArrowLeft"
          ? selected === 0
            ? last
            : selected - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={departments.title}
        className="hidden flex-wrap gap-2 border-b border-slate-200 js:flex"
      >
        {departments.tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabs.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`department-tab-${tab.id}`}
            aria-controls={`department-panel-${tab.id}`}
            aria-selected={i === selected}
            tabIndex={i === selected ? 0 : -1}
            onClick={() => setSelected(i)}
            onKeyDown={onKeyDown}
            className={`-mb-px border-b-2 px-4 py-3 text-sm font-semibold sm:text-base ${
              i === selected
                ? "border-brand-700 text-brand-700"
                : "border-transparent text-slate-700 hover:text-slate-900"
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {departments.tabs.map((tab, i) => (
        <section
          key={tab.id}
          id={`department-panel-${tab.id}`}
          role={enhanced ? "tabpanel" : undefined}
          aria-labelledby={enhanced ? `department-tab-${tab.id}` : `department-heading-${tab.id}`}
          tabIndex={enhanced ? 0 : undefined}
          className={`grid items-center gap-8 py-8 md:grid-cols-2 ${i === selected ? "" : "js:hidden"}`}
        >
          <div>
            <h3
              id={`department-heading-${tab.id}`}
              className="text-sm font-semibold tracking-wide text-brand-700 uppercase"
            >
              {tab.label}
            </h3>
            <p className="mt-2 text-2xl font-bold text-slate-900">{tab.title}</p>
            <p className="mt-3 text-slate-700">{tab.text}</p>
            <ul className="mt-5 space-y-2">
              {tab.bullets.map((bullet) => (
                <li key={bullet} className="flex gap-2 text-slate-800">
                  <Icon name="check" className="mt-0.5 size-5 shrink-0 text-ok-800" />
                  {bullet}
                </li>
              ))}
            </ul>
            <ButtonLink to={tab.cta.href} className="mt-6">
              {tab.cta.text}
            </ButtonLink>
          </div>
          <img
            src={tab.image.src}
            alt={tab.image.alt}
            width={800}
            height={600}
            loading="lazy"
            className="h-auto w-full rounded-2xl"
          />
        </section>
      ))}
    </div>
  );
}
