import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leadIdOfMessageId, leadMessageId, mailDomain, messageFileName } from "./message-id";

describe("Message-IDs of lead emails", () => {
  it("the domain comes from the From address, with or without a display name", () => {
    expect(mailDomain("Showroom Leads <leads@Showroom.Example>")).toBe("showroom.example");
    expect(mailDomain("leads@dealer.example.com")).toBe("dealer.example.com");
    expect(mailDomain('"Sales, St. Louis" <sales@stl.example>')).toBe("stl.example");
  });

  it("a From value without an address with a domain is refused, naming MAIL_FROM", () => {
    expect(() => mailDomain("Showroom Leads")).toThrow(/MAIL_FROM/);
    expect(() => mailDomain("leads@")).toThrow(/MAIL_FROM/);
    expect(() => mailDomain("<leads@bad domain>")).toThrow(/MAIL_FROM/);
  });

  it("every lead id survives the round trip through its Message-ID", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.domain(), (id, domain) => {
        const messageId = leadMessageId(id, domain);
        expect(messageId).toMatch(/^<[^<>\s]+@[^<>\s]+>$/);
        expect(leadIdOfMessageId(messageId)).toBe(id);
      }),
      { numRuns: 200 },
    );
  });

  it("the same lead always gets the same Message-ID, and different leads different ones", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), (a, b) => {
        expect(leadMessageId(a, "x.test")).toBe(leadMessageId(a, "x.test"));
        if (a !== b) expect(leadMessageId(a, "x.test")).not.toBe(leadMessageId(b, "x.test"));
      }),
      { numRuns: 200 },
    );
  });

  it("a Message-ID's file name never leaves the mail directory", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        let name: string;
        try {
          name = messageFileName(`<${id}>`);
        } catch {
          return;
        }
        expect(name).toMatch(/^[A-Za-z0-9._@-]+\.eml$/);
        expect(name).not.toContain("/");
        expect(name.slice(0, -4)).not.toMatch(/^\.+$/);
      }),
      { numRuns: 200 },
    );
    expect(messageFileName("<lead-1@x.test>")).toBe("lead-1@x.test.eml");
    expect(messageFileName("<../../etc/passwd>")).toBe(".._.._etc_passwd.eml");
    expect(() => messageFileName("<..>")).toThrow();
  });
});
