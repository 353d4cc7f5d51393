import { STAFF_DEPARTMENTS } from "@showroom/fixtures";
import { Link } from "react-router";
import { StaffGrid } from "../components/company";
import { translator } from "../components/i18n";
import { metaFromData } from "../components/seo";
import { Container, PageHero } from "../components/ui";
import { staffCard } from "../content/company.server";
import { pageSeo, requirePage } from "../content/seo.server";
import { getSite } from "../content/site.server";
import { tree } from "../content/translations.server";
import type { Route } from "./+types/meet-our-team";

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = await getSite(context);
  requirePage(site, request, "our-company-meet-our-team");
  const wanted = new URL(request.url).searchParams.get("department")?.toLowerCase() ?? "";
  const department = STAFF_DEPARTMENTS.find((d) => d.toLowerCase() === wanted) ?? null;
  const present = STAFF_DEPARTMENTS.filter((d) => site.content.staff.some((m) => m.department === d));
  return {
    // One canonical team page: the department views are filters of it.
    seo: pageSeo(site, request, "our-company-meet-our-team", { indexable: department === null }),
    texts: tree("team"),
    department,
    departments: present,
    staff: site.content.staff
      .filter((m) => department === null || m.department === department)
      .map((m) => staffCard(site, m)),
  };
}

export const meta = metaFromData;

/** The team, filterable by department with plain links (no JavaScript needed). */
export default function MeetOurTeam({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const link = (active: boolean) =>
    `rounded-full border px-4 py-1.5 text-sm font-medium ${
      active ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-slate-800 hover:border-brand-600"
    }`;
  return (
    <>
      <PageHero title={t("title")} text={t("text")} />
      <Container className="py-10">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to="/our-company/meet-our-team"
              aria-current={loaderData.department === null ? "page" : undefined}
              className={link(loaderData.department === null)}
            >
              {t("allDepartments")}
            </Link>
          </li>
          {loaderData.departments.map((department) => (
            <li key={department}>
              <Link
                to={`/our-company/meet-our-team?department=${department.toLowerCase()}`}
                preventScrollReset
                aria-current={loaderData.department === department ? "page" : undefined}
                className={link(loaderData.department === department)}
              >
                {t(`departments.${department.toLowerCase()}`)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <StaffGrid staff={loaderData.staff} texts={loaderData.texts} />
        </div>
      </Container>
    </>
  );
}
