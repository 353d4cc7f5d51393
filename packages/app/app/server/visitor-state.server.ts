import { isValidProfile, type VisitorProfile } from "@showroom/rules/profile";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "./db/client.server";
import { visitors } from "./db/schema.server";
import type { VisitorIdentity } from "./visitor.server";

/** The profile as stored: whatever fields a form saved, each a string; anything else in the column is dropped. */
const storedProfileSchema = z
  .object({
    firstName: z.string().optional().catch(undefined),
    lastName: z.string().optional().catch(undefined),
    email: z.string().optional().catch(undefined),
    phone: z.string().optional().catch(undefined),
    /** The ten digits of the number verified by SMS (spec section 3, phoneVerified). */
    phoneVerified: z
      .string()
      .regex(/^\d{10}$/)
      .optional()
      .catch(undefined),
  })
  .catch({});

/** Persisted journey snapshots by key (`unlock-price:VIN`, `test-drive:VIN`, `unlock-inventory`). */
const storedJourneysSchema = z.record(z.string(), z.unknown()).catch({});

export interface VisitorState {
  /** Null for a browser without a valid id cookie: a new visitor, nothing saved. */
  visitorId: string | null;
  profile: Partial<VisitorProfile>;
  /** The ten digits of the phone number this visitor verified by SMS, if any. */
  phoneVerified: string | null;
  priceUnlocked: boolean;
  inventoryUnlocked: boolean;
  journeys: Record<string, unknown>;
  /** Named by the server in this very request: nothing of it is stored anywhere yet. */
  namedNow?: boolean;
}

const NEW_VISITOR: VisitorState = {
  visitorId: null,
  profile: {},
  phoneVerified: null,
  priceUnlocked: false,
  inventoryUnlocked: false,
  journeys: {},
};

/** A visitor the server has just named: nothing saved yet. */
export function newVisitor(visitorId: string): VisitorState {
  return { ...NEW_VISITOR, visitorId };
}

/**
 * What the server knows of this browser: its saved profile, its unlocks and journeys in progress. A browser without
 * the signed id cookie is a new visitor; reading never sets a cookie (a GET must not create visitors). `visitor` is the
 * request's one identity (`site.visitor`, docs/decisions/360).
 */
export async function readVisitor(db: Db, visitor: VisitorIdentity): Promise<VisitorState> {
  const { visitorId } = visitor;
  if (!visitor.known) return NEW_VISITOR;
  if (visitor.namedNow) return { ...NEW_VISITOR, visitorId, namedNow: true };
  const [row] = await db
    .select({
      profile: visitors.profile,
      unlockPriceAt: visitors.unlockPriceAt,
      unlockInventoryAt: visitors.unlockInventoryAt,
      journeys: visitors.journeys,
    })
    .from(visitors)
    .where(eq(visitors.id, visitorId))
    .limit(1);
  if (!row) return { ...NEW_VISITOR, visitorId };
  const { phoneVerified, ...profile } = storedProfileSchema.parse(row.profile);
  return {
    visitorId,
    profile,
    phoneVerified: phoneVerified ?? null,
    priceUnlocked: row.unlockPriceAt != null,
    inventoryUnlocked: row.unlockInventoryAt != null,
    journeys: storedJourneysSchema.parse(row.journeys),
  };
}

export interface SaveVisitorInput {
  visitorId: string;
  /** Merged over the saved profile; a complete, valid result stamps `unlockPriceAt` (spec section 4, Leads). */
  profile?: Partial<VisitorProfile>;
  /** Records the number verified by SMS (its ten digits). */
  phoneVerified?: string;
  /** Stamps `unlockInventoryAt`. */
  unlockInventory?: boolean;
  /** Journey snapshots to set (a value) or clear (null), by key. */
  journeys?: Record<string, unknown | null>;
}

/**
 * Writes the visitor row (creating it), merging the profile and journeys. Run it inside the lead's transaction when a
 * lead goes with it, so the profile and the lead land together or not at all.
 */
export async function saveVisitor(db: Pick<Db, "select" | "insert">, input: SaveVisitorInput): Promise<VisitorState> {
  const [row] = await db
    .select({
      profile: visitors.profile,
      unlockPriceAt: visitors.unlockPriceAt,
      unlockInventoryAt: visitors.unlockInventoryAt,
      journeys: visitors.journeys,
    })
    .from(visitors)
    .where(eq(visitors.id, input.visitorId))
    .limit(1);
  const { phoneVerified: storedVerified, ...stored } = storedProfileSchema.parse(row?.profile ?? {});
  const profile = { ...stored, ...definedOnly(input.profile ?? {}) };
  const phoneVerified = input.phoneVerified ?? storedVerified;
  const journeys = { ...storedJourneysSchema.parse(row?.journeys ?? {}) };
  for (const [key, value] of Object.entries(input.journeys ?? {})) {
    if (value === null) delete journeys[key];
    else journeys[key] = value;
  }
  const stampPrice = input.profile !== undefined && isValidProfile(profile);
  const values = {
    profile: phoneVerified === undefined ? profile : { ...profile, phoneVerified },
    journeys,
    ...(stampPrice ? { unlockPriceAt: new Date() } : {}),
    ...(input.unlockInventory ? { unlockInventoryAt: new Date() } : {}),
  };
  await db
    .insert(visitors)
    .values({ id: input.visitorId, ...values })
    .onConflictDoUpdate({ target: visitors.id, set: { ...values, updatedAt: sql`now()` } });
  return {
    visitorId: input.visitorId,
    profile,
    phoneVerified: phoneVerified ?? null,
    priceUnlocked: stampPrice || row?.unlockPriceAt != null,
    inventoryUnlocked: Boolean(input.unlockInventory) || row?.unlockInventoryAt != null,
    journeys,
  };
}

function definedOnly(profile: Partial<VisitorProfile>): Partial<VisitorProfile> {
  return Object.fromEntries(
    Object.entries(profile).filter(([, v]) => typeof v === "string"),
  ) as Partial<VisitorProfile>;
}
