import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The six sections an article answers under (spec section 2, article-page and its aliases). */
const ARTICLE_SECTIONS = [
  "car-research",
  "staff-reviews",
  "car-advice-education",
  "faqs",
  "news",
  "community-outreach",
];

/**
 * The site map of spec section 2. Pages that are off (service, special offers, protection plans, bad credit, buy
 * here pay here, terms of sale, credit-score pre-approval) have no route: they reach the catch-all and answer 404.
 * Aliases of one page are entries of the same module with their own ids.
 */
export default [
  layout("layouts/default.tsx", [
    index("routes/home.tsx"),
    route("auto-financing", "routes/auto-financing.tsx"),
    route("auto-financing/full-credit-application", "routes/full-credit-application.tsx"),
    route("car-research", "routes/car-research.tsx"),
    route("car-research/search", "routes/car-research-search.tsx"),
    route("car-research/author/:slug", "routes/car-research-author.tsx"),
    ...ARTICLE_SECTIONS.map((section) => route(`${section}/:slug`, "routes/article.tsx", { id: `article-${section}` })),
    route("faqs-okd/:slug", "routes/article-direct.tsx"),
    route("cars-for-sale/*", "routes/cars-for-sale.tsx", { id: "cars-for-sale" }),
    ...["new", "used", "certified"].map((condition) =>
      route(`${condition}-cars-for-sale/*`, "routes/cars-for-sale.tsx", { id: `${condition}-cars-for-sale` }),
    ),
    route("compare", "routes/compare.tsx"),
    route("contact-us", "routes/contact-us.tsx"),
    route("help-center", "routes/help-center.tsx"),
    route("help-center/:category", "routes/help-center-category.tsx"),
    route("legal/:slug", "routes/legal.tsx"),
    route("our-company", "routes/our-company.tsx"),
    route("personalize-price/:vin", "routes/personalize-price.tsx"),
    route("our-company/careers", "routes/careers.tsx"),
    route("our-company/meet-our-team", "routes/meet-our-team.tsx"),
    route("our-company/meet-our-team/:slug", "routes/team-member.tsx"),
    route("sell-trade-my-car", "routes/sell-trade-my-car.tsx"),
    route("sell-trade-my-car/offer/:id", "routes/sell-offer.tsx"),
    route("saved-vehicles", "routes/saved-vehicles.tsx"),
    route("alerts", "routes/alerts-new.tsx"),
    ...["confirm", "manage", "unsubscribe"].map((step) =>
      route(`alerts/${step}/:token`, "routes/alert.tsx", { id: `alert-${step}` }),
    ),
    route("schedule-test-drive/:vin", "routes/schedule-test-drive.tsx"),
    route("unlock-inventory", "routes/unlock-inventory.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  layout("layouts/minimal.tsx", [
    route("sell-trade-my-car/your-vehicle", "routes/your-vehicle.tsx"),
    route("auto-financing/apply-for-financing", "routes/apply-for-financing.tsx"),
  ]),
  // The staff desk (docs/decisions/221): its own layout, whose guard checks every desk route (306), never linked from the public site, every response no-store.
  layout("layouts/staff.tsx", [
    route("staff", "routes/staff-home.tsx"),
    route("staff/login", "routes/staff-login.tsx"),
    route("staff/verify", "routes/staff-verify.tsx"),
    route("staff/leads", "routes/staff-leads.tsx"),
    route("staff/leads/:id", "routes/staff-lead.tsx"),
    route("staff/credit-applications", "routes/staff-credit-applications.tsx"),
    route("staff/credit-applications/:id", "routes/staff-credit-application.tsx"),
    route("staff/credit-applications/:id/ssn", "routes/staff-credit-application-ssn.tsx"),
    route("staff/accounts", "routes/staff-accounts.tsx"),
    route("staff/outbox", "routes/staff-outbox.tsx"),
    route("staff/retention", "routes/staff-retention.tsx"),
    route("staff/audit", "routes/staff-audit.tsx"),
    route("staff/listing-feeds", "routes/staff-listing-feeds.tsx"),
    route("staff/inventory-feeds", "routes/staff-inventory-feeds.tsx"),
    route("staff/inventory", "routes/staff-inventory.tsx"),
    route("staff/offer-rules", "routes/staff-offer-rules.tsx"),
    route("staff/offer-experiments", "routes/staff-offer-experiments.tsx"),
    route("staff/sign-out", "routes/staff-sign-out.ts"),
    route("staff/leads/export", "routes/staff-leads-export.ts"),
    route("staff/*", "routes/staff-not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("feeds/:store/google-vehicle-listings.xml", "routes/feed-google-vehicle-listings.ts"),
  route("feeds/:store/meta-catalog.xml", "routes/feed-meta-catalog.ts"),
  route("api/___sitemaps___/:group", "routes/api.sitemaps.ts"),
  route("api/store", "routes/api.store.ts"),
  route("api/consent", "routes/api.consent.ts"),
  route("api/track/facebook", "routes/api.track-facebook.ts"),
  route("api/statsig/experiments", "routes/api.statsig-experiments.ts"),
  route("api/popups/lead", "routes/api.popup-lead.ts"),
  route("api/popups/close", "routes/api.popup-close.ts"),
  route("api/customer/phoneValidation", "routes/api.phone-validation.ts"),
  route("media/vehicles/:picture", "routes/vehicle-picture.ts"),
  route("media/photos/:file", "routes/media-photo.ts"),
  route("media/*", "routes/media.ts"),
  route("healthz", "routes/healthz.ts"),
] satisfies RouteConfig;
