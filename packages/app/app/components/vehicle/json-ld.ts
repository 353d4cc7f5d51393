/**
 * A JSON-LD value as the text of a `<script type="application/ld+json">`. JSON.stringify alone is not safe there:
 * the HTML parser ends the script at the first `</script` whatever the JSON means, and `<!--` switches it into the
 * escaped state where a later `<script` changes how the end is found. So every `<`, `>` and `&` is written as a
 * JSON unicode escape (the parsed value is unchanged), and so are U+2028/U+2029, which old JavaScript parsers
 * reject inside strings. What comes out never contains `<`, so no text in the data can close the element.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
