import { Link } from "react-router";
import { translator } from "../components/i18n";
import { Icon } from "../components/icon";
import { metaFromData } from "../components/seo";
import { telHref } from "../components/site-header";
import { ButtonLink, Container } from "../components/ui";
import { staffCard } from "../content/company.server";
import { notFound, pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/team-member";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "our-company-meet-our-team-slug");
  const member = site.content.staff.find((m) => m.slug === params.slug);
  if (!member) notFound(request);
  const card = staffCard(site, member);
  return {
    seo: pageSeo(site, request, "our-company-meet-our-team-slug", {
      values: { staff_name: card.name, staff_department: member.department },
    }),
    texts: tree("team"),
    member: card,
  };
}

export const meta = metaFromData;

/** A team member's page: who they are and how to reach them. */
export default function TeamMember({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const { member } = loaderData;
  return (
    <Container className="py-12">
      <Link to="/our-company/meet-our-team" className="text-sm font-semibold text-brand-700 hover:underline">
        {t("backToTeam")}
      </Link>
      <div className="mt-6 grid gap-10 md:grid-cols-[16rem_1fr]">
        <img src={member.imageUrl} alt="" width={256} height={256} className="size-64 rounded-2xl" />
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {t(`departments.${member.department.toLowerCase()}`)}
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{member.name}</h1>
          <p className="mt-1 text-lg text-slate-700">{member.title}</p>
          {member.storeName ? <p className="text-slate-600">{t("worksAt", { store: member.storeName })}</p> : null}
          <p className="mt-3 inline-flex items-center gap-1 text-slate-700">
            <Icon name="star" className="size-5 text-amber-600" />
            {t("rating", { rating: member.rating.toFixed(1) })}
          </p>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-800">{member.bio}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href={telHref(member.phone)}
              className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
            >
              <Icon name="phone" className="size-5" />
              {t("call", { name: member.firstName })}: {member.phone}
            </a>
            <ButtonLink to="/contact-us" variant="secondary">
              {t("messageTitle", { name: member.firstName })}
            </ButtonLink>
          </div>
        </div>
      </div>
    </Container>
  );
}
