import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { DANA, errorsOf, formData, VALID_KEY } from "../testing/form-data.test-support";
import { contactSchema } from "./contact.schema";
import { CONTACT_LEAD_KIND_BY_TOPIC, contactLeadKind, INQUIRY_TOPICS, inquiryTopicLabel } from "./inquiry-topics";

describe("contact form", () => {
  it("lists the seven inquiry topics of spec section 9 with ids 1 to 7", () => {
    expect(INQUIRY_TOPICS).toEqual([
      { id: 1, label: "Purchasing a vehicle" },
      { id: 2, label: "Financing options" },
      { id: 3, label: "Trade appraisal" },
      { id: 4, label: "Selling my car" },
      { id: 5, label: "Recent vehicle purchase" },
      { id: 6, label: "Billing issues" },
      { id: 7, label: "General questions" },
    ]);
  });

  it("routes every topic to a CONTACT_{target} lead kind", () => {
    for (const { id } of INQUIRY_TOPICS)
      expect(contactLeadKind(id)).toMatch(/^CONTACT_(SALES|FINANCE|DEALERSHIP|SERVICE)$/);
    expect(Object.keys(CONTACT_LEAD_KIND_BY_TOPIC).map(Number)).toEqual(INQUIRY_TOPICS.map((topic) => topic.id));
    expect(contactLeadKind(1)).toBe("CONTACT_SALES");
    expect(contactLeadKind(2)).toBe("CONTACT_FINANCE");
    expect(contactLeadKind(7)).toBe("CONTACT_DEALERSHIP");
    expect(inquiryTopicLabel(4)).toBe("Selling my car");
  });

  it("accepts a complete post from the browser, trimmed, with the topic as its id and unknown fields dropped", () => {
    const submission = parseWithZod(
      formData({
        idempotencyKey: VALID_KEY,
        website: "",
        ...DANA,
        firstName: "  Dana ",
        topic: "2",
        message: " Do you finance first-time buyers? ",
        utm_source: "newsletter",
      }),
      { schema: contactSchema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      idempotencyKey: VALID_KEY,
      website: undefined,
      ...DANA,
      topic: 2,
      message: "Do you finance first-time buyers?",
    });
  });

  it("answers an empty post with the spec's messages on every field", () => {
    const submission = parseWithZod(
      formData({
        idempotencyKey: VALID_KEY,
        website: "",
        firstName: "",
        lastName: " ",
        email: "",
        phone: "",
        topic: "",
        message: "",
      }),
      { schema: contactSchema },
    );
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)).toEqual({
      firstName: ["Enter your first name."],
      lastName: ["Enter your last name."],
      email: ["This field is required"],
      phone: ["This field is required"],
      topic: ["This field is required"],
      message: ["Enter your message."],
    });
  });

  it("answers malformed values with the spec's email and phone messages", () => {
    const submission = parseWithZod(
      formData({
        idempotencyKey: VALID_KEY,
        ...DANA,
        email: "dana@example",
        phone: "555-0142",
        topic: "9",
        message: "Hi",
      }),
      { schema: contactSchema },
    );
    expect(errorsOf(submission)).toEqual({
      email: ["Please enter a valid email address"],
      phone: ["Please enter a valid phone number"],
      topic: ["Choose one of the options."],
    });
  });

  it("refuses a filled honeypot and a missing or malformed idempotency key", () => {
    const filled = parseWithZod(
      formData({ idempotencyKey: "not-a-uuid", website: "https://spam.example", ...DANA, topic: "7", message: "Hi" }),
      { schema: contactSchema },
    );
    expect(errorsOf(filled)).toEqual({
      idempotencyKey: ["This form has expired. Please reload the page and try again."],
      website: ["Leave this field empty."],
    });
    const missing = parseWithZod(formData({ ...DANA, topic: "7", message: "Hi" }), { schema: contactSchema });
    expect(errorsOf(missing)).toEqual({
      idempotencyKey: ["This form has expired. Please reload the page and try again."],
    });
  });

  it("parses the same object without Conform, as the server does with JSON", () => {
    const result = contactSchema.safeParse({ idempotencyKey: VALID_KEY, ...DANA, topic: 5, message: "Title question" });
    expect(result.success && result.data.topic).toBe(5);
  });
});
