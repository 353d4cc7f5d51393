import { TCPA_DISCLAIMER } from "@showroom/forms";
import { Link } from "react-router";
import { MessageForm } from "../components/forms/message-form";
import { translator } from "../components/i18n";
import { Icon } from "../components/icon";
import { privatePageHeaders } from "../components/private-page";
import { metaFromData } from "../components/seo";
import { telHref } from "../components/site-header";
import { ButtonLink, Container } from "../components/ui";
import { staffCard } from "../content/company.server";
import { leadFormView } from "../content/lead-form.server";
import { notFound, pageSeo, requirePage } from "../content/seo.server";
import { getSite, type Site } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/team-member";
import { submitStaffMessage } from "./team-member.server";

async function memberOf(site: Site, request: Request, slug: string) {
  requirePage(site, request, "our-company-meet-our-team-slug");
  const member = site.content.staff.find((m) => m.slug === slug);
  if (!member) notFound(request);
  return member;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const site = await getSite(context);
  const member = await memberOf(site, request, params.slug);
  const card = staffCard(site, member);
  return {
    ...(await leadFormView(site)),
    forms: tree("forms"),
    toastTexts: tree("toasts.staffMessage"),
    seo: pageSeo(site, request, "our-company-meet-our-team-slug", {
      values: { staff_name: card.name, staff_department: member.department },
    }),
    texts: tree("team"),
    member: card,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const site = await getSite(context);
  return submitStaffMessage(site, request, await memberOf(site, request, params.slug));
}

export const meta = metaFromData;

// The message form is prefilled with a known visitor's details: the page is theirs alone.
export { privatePageHeaders as headers };

/** A team member's page: who they are and how to reach them. */
export default function TeamMember({ loaderData, actionData }: Route.ComponentProps) {
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
            <ButtonLink to="#message" variant="secondary">
              {t("messageTitle", { name: member.firstName })}
            </ButtonLink>
          </div>
        </div>
      </div>
      <section id="message" aria-labelledby="message-title" className="mt-12 max-w-3xl scroll-mt-24">
        <h2 id="message-title" className="text-2xl font-semibold text-slate-900">
          {t("messageTitle", { name: member.firstName })}
        </h2>
        <p className="mt-2 text-slate-700">{t("messageText", { name: member.firstName })}</p>
        <MessageForm
          idempotencyKey={loaderData.idempotencyKey}
          forms={loaderData.forms}
          reply={actionData?.result}
          profile={loaderData.profile}
          failureSummary={translator(loaderData.toastTexts)("error.summary")}
          disclaimer={TCPA_DISCLAIMER}
          submitLabel={t("messageSubmit")}
        />
      </section>
    </Container>
  );
}
