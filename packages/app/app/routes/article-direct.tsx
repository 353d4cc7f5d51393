import { ArticleBody } from "../components/research";
import { metaFromData } from "../components/seo";
import { JsonLdScript } from "../components/vehicle/json-ld-script";
import { articleDirectPage } from "../content/article-page.server";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/article-direct";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return articleDirectPage(await getSite(context), request, params.slug);
}

export const meta = metaFromData;

/** `/faqs-okd/{slug}`: an article shown at a direct address. */
export default function ArticleDirectPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLdScript data={loaderData.jsonLd} />
      <ArticleBody
        article={loaderData.article}
        author={loaderData.author}
        related={loaderData.related}
        texts={loaderData.texts}
      />
    </>
  );
}
