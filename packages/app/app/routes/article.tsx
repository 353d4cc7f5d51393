import { ArticleBody } from "../components/research";
import { metaFromData } from "../components/seo";
import { JsonLdScript } from "../components/vehicle/json-ld-script";
import { articlePage } from "../content/article-page.server";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/article";

export async function loader({ request, context }: Route.LoaderArgs) {
  return articlePage(await getSite(context), request);
}

export const meta = metaFromData;

/** A car-research article, under any of its section aliases. */
export default function ArticlePage({ loaderData }: Route.ComponentProps) {
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
