import { Link } from "react-router";
import { type TextTree, translator } from "./i18n";
import { Icon } from "./icon";
import { telHref } from "./site-header";

/** A team member as a card and on their page. */
export interface StaffCard {
  readonly slug: string;
  readonly name: string;
  readonly firstName: string;
  readonly title: string;
  readonly department: string;
  readonly phone: string;
  readonly rating: number;
  readonly imageUrl: string;
  readonly storeName: string | null;
  readonly bio: string;
}

/** Team members in a grid, each linking to their own page. */
export function StaffGrid({
  staff,
  texts,
  headingLevel = 2,
}: {
  staff: readonly StaffCard[];
  texts: TextTree;
  headingLevel?: 2 | 3;
}) {
  const t = translator(texts);
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {staff.map((member) => (
        <li key={member.slug} className="flex flex-col rounded-xl border border-slate-200 p-5 text-center">
          <img
            src={member.imageUrl}
            alt=""
            width={128}
            height={128}
            loading="lazy"
            className="mx-auto size-28 rounded-full"
          />
          <Heading className="mt-4 text-lg font-semibold text-slate-900">
            <Link
              to={`/our-company/meet-our-team/${member.slug}`}
              prefetch="intent"
              className="hover:text-brand-700 hover:underline"
            >
              {member.name}
            </Link>
          </Heading>
          <p className="text-sm text-slate-700">{member.title}</p>
          {member.storeName ? (
            <p className="text-xs text-slate-600">{t("worksAt", { store: member.storeName })}</p>
          ) : null}
          <p className="mt-2 inline-flex items-center justify-center gap-1 text-sm text-slate-700">
            <Icon name="star" className="size-4 text-amber-600" />
            {t("rating", { rating: member.rating.toFixed(1) })}
          </p>
          <a href={telHref(member.phone)} className="mt-auto pt-4 text-sm font-semibold text-brand-700 hover:underline">
            {t("call", { name: member.firstName })}
            <span className="sr-only"> {member.phone}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
