import type { NextFunction, Request, Response } from "express";
import type { Db } from "../app/server/db/client.server";
import { currentStaff, roleAllows, sessionToken } from "../app/server/staff/sessions.server";

const isMultipart = (req: Request) => (req.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

/** The desk's feed upload (ADR 386): a multipart POST of the Inventory feeds page, document or data request. */
const isFeedUpload = (req: Request) =>
  req.method === "POST" && isMultipart(req) && /^\/staff\/inventory-feeds(\.data)?$/.test(req.path);

/**
 * Only a multipart POST of the careers form (document or data request) may be larger than every other body, and an
 * admin's feed upload on the desk, which feedUploadGate let through.
 */
export const uploadLimit = (careersBytes: number, feedBytes: number) => (req: Request) => {
  if (isFeedUpload(req)) return feedBytes;
  return isMultipart(req) && /^\/our-company\/careers(\.data)?$/.test(req.path) ? careersBytes : null;
};

/**
 * A feed upload may be as large as FEED_MAX_BYTES, far past every other form, so its body is read only for an admin's
 * live session: anyone else is refused before a byte of it is read (the desk's guard reads a post's body before it
 * checks the session, which is right for a form of a few kB and wrong for 50 MB from a stranger).
 */
export function feedUploadGate(db: Db, normalBytes: number, maxBytes: number) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isFeedUpload(req)) return next();
    const length = Number(req.get("content-length") ?? "0");
    if (!(length > normalBytes)) return next();
    if (length > maxBytes) {
      res.status(413).type("text/plain").send("The feed is larger than this site accepts (FEED_MAX_BYTES).");
      return;
    }
    try {
      const staff = await currentStaff(db, sessionToken(req.get("cookie") ?? ""));
      if (staff && roleAllows(staff.role, "admin")) return next();
      res.status(403).type("text/plain").send("Only an admin who is signed in may upload a feed.");
    } catch (error) {
      next(error);
    }
  };
}
