import type { MetaDescriptor } from "react-router";

/** A page's head metadata, built by its loader (`content/seo.server`) so placeholders and robots are server-side. */
export interface Seo {
  readonly title: string;
  readonly description?: string;
  readonly socialTitle?: string;
  /** Absolute URL. */
  readonly socialImage?: string;
  /** Absolute URL. */
  readonly canonical?: string;
  /** `index, follow, …` or `noindex, follow, …` (spec section 2). */
  readonly robots: string;
  readonly siteName?: string;
  /** Open Graph's type: `product` for a vehicle, `website` otherwise. */
  readonly ogType?: "website" | "product";
}

/** The `<meta>`/`<link>` descriptors of a page: title, description, Open Graph, Twitter card, canonical, robots. */
function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const tags: MetaDescriptor[] = [{ title: seo.title }, { name: "robots", content: seo.robots }];
  if (seo.description) tags.push({ name: "description", content: seo.description });
  tags.push(
    { property: "og:type", content: seo.ogType ?? "website" },
    { property: "og:title", content: seo.socialTitle ?? seo.title },
  );
  if (seo.description) tags.push({ property: "og:description", content: seo.description });
  if (seo.siteName) tags.push({ property: "og:site_name", content: seo.siteName });
  if (seo.canonical) {
    tags.push({ property: "og:url", content: seo.canonical });
    tags.push({ tagName: "link", rel: "canonical", href: seo.canonical });
  }
  if (seo.socialImage) {
    tags.push({ property: "og:image", content: seo.socialImage });
    tags.push({ name: "twitter:card", content: "summary_large_image" });
    tags.push({ name: "twitter:image", content: seo.socialImage });
  }
  tags.push({ name: "twitter:title", content: seo.socialTitle ?? seo.title });
  return tags;
}

/** Meta for a route whose loader returns `{ seo }`. */
export function metaFromData({ loaderData }: { loaderData?: unknown }): MetaDescriptor[] {
  return seoMeta((loaderData as { seo?: Seo } | undefined)?.seo);
}
