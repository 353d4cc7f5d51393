import type { ReactNode } from "react";
import { PageLink } from "./navigation/page-link";

/** The page width every section shares. */
export function Container({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8 ${className}`}>{children}</div>;
}

const BUTTON = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:border-brand-600 hover:text-brand-700",
  light: "bg-white text-brand-900 shadow-sm hover:bg-brand-50",
} as const;

/** A link that looks like a button: the site's calls to action. */
export function ButtonLink({
  to,
  children,
  variant = "primary",
  className = "",
}: {
  to: string;
  children: ReactNode;
  variant?: keyof typeof BUTTON;
  className?: string;
}) {
  return (
    <PageLink
      to={to}
      prefetch="intent"
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 text-sm font-semibold ${BUTTON[variant]} ${className}`}
    >
      {children}
    </PageLink>
  );
}

/** The top of an inner page: eyebrow, the page's one `h1`, an introduction and optional actions. */
export function PageHero({
  eyebrow,
  title,
  text,
  children,
  compact = false,
}: {
  eyebrow?: string;
  title: string;
  text?: string;
  children?: ReactNode;
  /** Less room on phones, where the page's content must start on the first screen (the search, ADR 262). */
  compact?: boolean;
}) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      {/* No paint before the title and introduction are parsed (up to the empty marker after them): the first frame
          holds the page's largest text, not the header alone (docs/decisions/153). React hoists the link into <head>. */}
      <link rel="expect" href="#page-hero-end" blocking="render" />
      <Container className={compact ? "py-6 sm:py-16" : "py-12 sm:py-16"}>
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {text ? (
          <p className={`${compact ? "mt-2 sm:mt-4" : "mt-4"} max-w-2xl text-lg leading-8 text-slate-700`}>{text}</p>
        ) : null}
        {children ? (
          <div className={`${compact ? "mt-4 sm:mt-8" : "mt-8"} flex flex-wrap gap-3`}>{children}</div>
        ) : null}
      </Container>
      <span id="page-hero-end" />
    </div>
  );
}

/** A titled section of a page (`h2`), with an anchor id for its heading. */
export function Section({
  id,
  title,
  text,
  children,
  className = "",
  tone = "white",
}: {
  id: string;
  title: string;
  text?: string;
  children: ReactNode;
  className?: string;
  tone?: "white" | "tinted";
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`${tone === "tinted" ? "bg-slate-50" : "bg-white"} py-14 sm:py-20 ${className}`}
    >
      <Container>
        <div className="max-w-2xl">
          <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h2>
          {text ? <p className="mt-3 text-lg text-slate-700">{text}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </Container>
    </section>
  );
}

/** Dates as the site prints them: "March 18, 2025". */
export function formatDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}
