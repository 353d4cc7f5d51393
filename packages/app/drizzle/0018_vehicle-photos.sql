CREATE TABLE "vehicle_photos" (
	"source_url" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"name" text,
	"width" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_photos_status" CHECK ("vehicle_photos"."status" in ('waiting', 'ready', 'refused'))
);
--> statement-breakpoint
CREATE INDEX "vehicle_photos_due_idx" ON "vehicle_photos" USING btree ("status","next_attempt_at");
--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): a photo turning ready changes what cards and detail pages show,
-- so it bumps the inventory version as a write to vehicles does; the search index and the HTML cache follow (ADR 380).
CREATE TRIGGER "vehicle_photos_inventory_version" AFTER UPDATE OF "status" ON "vehicle_photos"
	FOR EACH ROW WHEN (NEW."status" = 'ready' AND OLD."status" IS DISTINCT FROM 'ready')
	EXECUTE FUNCTION "bump_inventory_version"();
