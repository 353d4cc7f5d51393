ALTER TABLE "vehicle_photos" ADD COLUMN "feed_jpeg" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_photos" ADD COLUMN "unused_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "vehicle_photos_unused_idx" ON "vehicle_photos" USING btree ("unused_since") WHERE "vehicle_photos"."unused_since" is not null;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): a ready photo whose JPEG is made later (photos made before this
-- migration) changes what the ad feeds name, so it bumps the inventory version the feeds are kept by (ADR 407). A
-- photo made with its JPEG turns ready in the same update, which the trigger of 0018 already counts.
CREATE TRIGGER "vehicle_photos_feed_jpeg_inventory_version" AFTER UPDATE OF "feed_jpeg" ON "vehicle_photos"
	FOR EACH ROW WHEN (NEW."feed_jpeg" AND NOT OLD."feed_jpeg" AND OLD."status" = 'ready')
	EXECUTE FUNCTION "bump_inventory_version"();
