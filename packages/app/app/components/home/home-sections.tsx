import type { Faq, Review, ReviewSection } from "@showroom/fixtures";
import { useUi, useUiCount } from "../i18n";
import { Icon } from "../icon";
import { PageLink } from "../navigation/page-link";
import { Stars } from "../stars";
import { ButtonLink, Container, Section } from "../ui";
import type { HomeView } from "./home-view";

/** The three feature buttons under the hero. */
export function FeatureButtons({ items }: { items: HomeView["featureButtons"] }) {
  return (
    <Container className="relative z-10 -mt-6">
      <ul className="grid gap-4 md:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>
            <PageLink
              to={item.href}
              prefetch="intent"
              className="group flex h-full items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-md hover:border-brand-600"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon d={item.iconPath} />
              </span>
              <span>
                <span className="block text-lg font-semibold text-slate-900 group-hover:text-brand-700">
                  {item.title}
                </span>
                <span className="mt-1 block text-sm text-slate-700">{item.text}</span>
              </span>
            </PageLink>
          </li>
        ))}
      </ul>
    </Container>
  );
}

/** Special filters: shortcuts into the inventory (under $20K, price drops, premium upgrades, covered mileage). */
export function SpecialFilters({ filters }: { filters: HomeView["specialFilters"] }) {
  return (
    <Section id="special-filters" title={filters.title} text={filters.text} tone="tinted">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {filters.items.map((item) => (
          <li key={item.id}>
            <PageLink
              to={item.href}
              prefetch="intent"
              className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-600 hover:shadow-md"
            >
              <Icon d={item.iconPath} className="size-7 text-brand-700" />
              <span className="mt-3 font-semibold text-slate-900">{item.label}</span>
              <span className="mt-1 text-sm text-slate-700">{item.text}</span>
            </PageLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Browse by body style, with how many cars each has and the lowest price; absent while the inventory is empty. */
export function BodyStyles({ bodyStyles }: { bodyStyles: HomeView["bodyStyles"] }) {
  if (bodyStyles.items.length === 0) return null;
  return (
    <Section id="body-styles" title={bodyStyles.title} text={bodyStyles.text}>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {bodyStyles.items.map((style) => (
          <li key={style.slug}>
            <PageLink
              to={`/cars-for-sale/${style.slug}`}
              prefetch="intent"
              className="block rounded-xl border border-slate-200 p-4 text-center hover:border-brand-600 hover:shadow-md"
            >
              {style.image ? (
                <img
                  src={style.image}
                  alt=""
                  width={320}
                  height={140}
                  loading="lazy"
                  className="mx-auto h-auto w-full max-w-40"
                />
              ) : null}
              <span className="mt-2 block font-semibold text-slate-900">{style.name}</span>
              <span className="mt-1 block text-sm text-slate-700">
                {style.countLabel}
                {style.startingPrice ? ` · from ${style.startingPrice}` : ""}
              </span>
            </PageLink>
          </li>
        ))}
      </ul>
      <ButtonLink to={bodyStyles.cta.href} variant="secondary" className="mt-8">
        {bodyStyles.cta.text}
      </ButtonLink>
    </Section>
  );
}

/** The active promotions as cards. */
export function Promotions({ promotions }: { promotions: HomeView["promotions"] }) {
  if (promotions.items.length === 0) return null;
  return (
    <Section id="promotions" title={promotions.title} text={promotions.text} tone="tinted">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {promotions.items.map((promotion) => (
          <li key={promotion.id} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
            <img
              src={promotion.img}
              alt={promotion.imgAlt}
              width={800}
              height={500}
              loading="lazy"
              className="h-auto w-full"
            />
            <div className="flex flex-1 flex-col p-5">
              <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{promotion.category}</p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900">{promotion.title}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-700">{promotion.description}</p>
              <PageLink
                to={promotion.url}
                prefetch="intent"
                className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
              >
                {promotion.ctaText}
                <Icon name="arrow-right" className="size-4" />
              </PageLink>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** A reviews block: the rating, the source, and the section's reviews (nine on the home page). */
export function Reviews({ section, items }: { section: ReviewSection; items: readonly Review[] }) {
  const ui = useUi();
  const uiCount = useUiCount();
  return (
    <Section id="reviews" title={section.title} text={section.description}>
      <div className="flex flex-wrap items-center gap-4 rounded-xl bg-brand-50 p-5">
        {section.reviewSources.map((source) => (
          <img
            key={source.name}
            src={source.logo}
            alt={source.name}
            width={48}
            height={48}
            loading="lazy"
            className="size-12"
          />
        ))}
        <div>
          <p className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <span className="text-2xl">{section.starBadge}</span>
            <Stars rating={section.starCount} />
          </p>
          <p className="text-sm text-slate-700">
            {section.badge} · {uiCount("common.reviews.basedOn", section.reviewsCount)}
          </p>
        </div>
      </div>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {items.map((review) => (
          <li
            key={`${review.reviewer_name}-${review.review.slice(0, 24)}`}
            className="flex flex-col rounded-xl border border-slate-200 p-5"
          >
            <figure className="flex flex-1 flex-col">
              <blockquote className="flex-1 text-slate-800">
                <p>“{review.review}”</p>
              </blockquote>
              <figcaption className="mt-4 flex items-center gap-3">
                {review.reviewer_photo ? (
                  <img
                    src={review.reviewer_photo}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    className="size-10 rounded-full"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900"
                  >
                    {review.reviewer_name.charAt(0)}
                  </span>
                )}
                <span>
                  <span className="block font-semibold text-slate-900">{review.reviewer_name}</span>
                  <a href={review.url} rel="noopener noreferrer" className="text-sm text-brand-700 hover:underline">
                    {ui("common.reviews.postedOn", { platform: review.platform })}
                  </a>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Questions and answers as disclosures: readable and operable without JavaScript. */
export function Faqs({ title, text, items }: { title: string; text: string; items: readonly Faq[] }) {
  return (
    <Section id="faqs" title={title} text={text} tone="tinted">
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((faq) => (
          <details key={faq.question} className="group p-5">
            <summary className="flex list-none items-center justify-between gap-4 font-semibold text-slate-900">
              <h3>{faq.question}</h3>
              <Icon
                name="chevron-down"
                className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="mt-3 space-y-3 text-slate-700">
              {faq.answers.map((answer) => (
                <p key={answer}>{answer}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </Section>
  );
}

/** The warranty promos: lifetime engine limited warranty, 75-point inspection, 48-hour exchange. */
export function Warranty({ warranty }: { warranty: HomeView["warranty"] }) {
  return (
    <Section id="warranty" title={warranty.title} text={warranty.text}>
      <div className="space-y-16">
        {warranty.items.map((item) => (
          <article key={item.badge} className="grid items-center gap-8 md:grid-cols-2">
            <img
              src={item.image.src}
              alt={item.image.alt}
              width={800}
              height={600}
              loading="lazy"
              className={`h-auto w-full rounded-2xl ${item.right ? "md:order-2" : ""}`}
            />
            <div>
              <p className="inline-flex rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-ok-800">
                {item.badge}
              </p>
              <h3 className="mt-3 text-2xl font-bold text-slate-900">{item.title}</h3>
              <p className="mt-3 text-slate-700">{item.text}</p>
              <ButtonLink to={item.link} variant="secondary" className="mt-6">
                {item.buttonText}
              </ButtonLink>
            </div>
          </article>
        ))}
      </div>
    </Section>
  );
}

/** The financing promo: pre-approval in 24–48 hours, free, several lenders. */
export function FinancingPromo({ financing }: { financing: HomeView["financing"] }) {
  return (
    <section aria-labelledby="financing-promo-title" className="bg-brand-900 py-16 text-white sm:py-20">
      <Container className="grid items-center gap-10 md:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{financing.badge}</p>
          <h2 id="financing-promo-title" className="mt-2 text-3xl font-bold tracking-tight">
            {financing.title}
          </h2>
          <p className="mt-4 text-lg text-brand-50">{financing.text}</p>
          <ul className="mt-6 space-y-2">
            {financing.bullets.map((bullet) => (
              <li key={bullet} className="flex gap-2">
                <Icon name="check" className="mt-0.5 size-5 shrink-0 text-green-300" />
                {bullet}
              </li>
            ))}
          </ul>
          <ButtonLink to={financing.link} variant="light" className="mt-8">
            {financing.buttonText}
          </ButtonLink>
          <p className="mt-6 text-xs text-brand-100">{financing.disclaimer}</p>
        </div>
        <img
          src={financing.image.src}
          alt={financing.image.alt}
          width={800}
          height={600}
          loading="lazy"
          className="h-auto w-full rounded-2xl"
        />
      </Container>
    </section>
  );
}
