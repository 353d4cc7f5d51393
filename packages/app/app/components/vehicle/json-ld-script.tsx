import { serializeJsonLd } from "./json-ld";

/**
 * Structured data for search engines. A data block, never executed, so the CSP's script-src (and its nonce) does not
 * apply to it; its text is escaped by {@link serializeJsonLd}.
 */
export function JsonLdScript({ data }: { data: unknown }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the text is JSON with every `<` escaped (serializeJsonLd).
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
