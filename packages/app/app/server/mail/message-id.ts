/**
 * The domain of the address in a From value (`Name <user@domain>` or `user@domain`), lower case. It names our
 * Message-IDs, so a CRM sees ids under the sender's own domain.
 */
export function mailDomain(from: string): string {
  const angle = /<([^<>]*)>\s*$/.exec(from);
  const address = (angle?.[1] ?? from).trim();
  const at = address.lastIndexOf("@");
  const domain = at < 0 ? "" : address.slice(at + 1).toLowerCase();
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(domain)) {
    throw new Error(`MAIL_FROM: "${from}" has no address with a domain (expected Name <leads@example.com>)`);
  }
  return domain;
}

/**
 * The Message-ID of a lead's email: the same for every delivery attempt of that lead, so a CRM that receives it twice
 * (a relay crashed after the peer accepted, before it recorded the send) can drop the second.
 */
export function leadMessageId(leadId: string, domain: string): string {
  return `<lead-${leadId}@${domain}>`;
}

/** The lead id inside one of our Message-IDs, or undefined for any other id. */
export function leadIdOfMessageId(messageId: string): string | undefined {
  return /^<lead-([^@<>]+)@[^<>]+>$/.exec(messageId.trim())?.[1];
}

/** A file name for a message: the Message-ID without brackets, limited to characters safe on every file system. */
export function messageFileName(messageId: string): string {
  const bare = messageId
    .trim()
    .replace(/^<|>$/g, "")
    .replace(/[^A-Za-z0-9._@-]/g, "_");
  if (bare === "" || /^\.+$/.test(bare)) throw new Error(`Message-ID ${JSON.stringify(messageId)} names no file`);
  return `${bare}.eml`;
}
