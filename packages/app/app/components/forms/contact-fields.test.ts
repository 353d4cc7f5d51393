import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContactFields } from "./contact-fields";

const texts = {
  fields: {
    firstName: { label: "First name" },
    lastName: { label: "Last name" },
    email: { label: "Email" },
    phone: { label: "Mobile phone", placeholder: "(314) 555-0100" },
  },
};

/** The input named `name` in `html`, as its opening tag. */
function input(html: string, name: string): string {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no input ${name} in ${html}`);
  return tag;
}

describe("ContactFields", () => {
  it("renders the four labelled, required fields with their autocomplete tokens", () => {
    const html = renderToStaticMarkup(createElement(ContactFields, { texts }));
    for (const [name, label, token] of [
      ["firstName", "First name", "given-name"],
      ["lastName", "Last name", "family-name"],
      ["email", "Email", "email"],
      ["phone", "Mobile phone", "tel"],
    ] as const) {
      const tag = input(html, name);
      const id = /id="([^"]+)"/.exec(tag)?.[1];
      expect(html).toContain(`for="${id}"`);
      expect(html).toMatch(new RegExp(`for="${id}"[^>]*>${label}`));
      expect(tag).toContain(`autoComplete="${token}"`);
      expect(tag).toContain("required");
    }
    expect(input(html, "email")).toContain('type="email"');
    expect(input(html, "phone")).toContain('type="tel"');
    expect(input(html, "phone")).toContain('placeholder="(314) 555-0100"');
  });

  it("shows the prefill where nothing was posted, and a posted value, even a blank one, over it", () => {
    const html = renderToStaticMarkup(
      createElement(ContactFields, {
        texts,
        values: { firstName: "", email: "typed@example.com" },
        prefill: { firstName: "Saved", lastName: "Saved-Last", email: "saved@example.com" },
      }),
    );
    expect(input(html, "firstName")).toContain('value=""');
    expect(input(html, "lastName")).toContain('value="Saved-Last"');
    expect(input(html, "email")).toContain('value="typed@example.com"');
    expect(input(html, "phone")).not.toContain("value=");
  });

  it("ties a field's error to its input", () => {
    const html = renderToStaticMarkup(createElement(ContactFields, { texts, errors: { email: ["Enter an email."] } }));
    const tag = input(html, "email");
    expect(tag).toContain('aria-invalid="true"');
    const described = /aria-describedby="([^"]+)"/.exec(tag)?.[1] ?? "";
    expect(described).not.toBe("");
    expect(html).toMatch(new RegExp(`id="${described.split(" ").at(-1)}"[^>]*>[^<]*Enter an email\\.`));
  });
});
