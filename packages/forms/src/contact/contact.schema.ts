import { z } from "zod";
import { formMeta } from "../fields/form-meta";
import { profileShape } from "../fields/profile-fields";
import { messageSchema } from "../fields/text";
import { MESSAGES } from "../messages";
import { INQUIRY_TOPICS, type InquiryTopicId } from "./inquiry-topics";

const TOPIC_IDS = INQUIRY_TOPICS.map((topic) => topic.id) as [InquiryTopicId, ...InquiryTopicId[]];

/** An inquiry topic id, posted as "1"…"7" by the select or given as a number. */
export const inquiryTopicSchema = z.preprocess<unknown, z.ZodLiteral<InquiryTopicId>, string | number>(
  (value) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return undefined;
    return /^\d+$/.test(text) ? Number(text) : value;
  },
  z.literal(TOPIC_IDS, { error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.choice) }),
);

/**
 * Contact us (spec sections 3 and 5): first and last name, email, phone, an inquiry topic and a message, both
 * required. The lead kind follows the topic (`contactLeadKind`).
 */
export const contactSchema = formMeta.extend({
  ...profileShape,
  topic: inquiryTopicSchema,
  message: messageSchema,
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactSubmission = z.output<typeof contactSchema>;
