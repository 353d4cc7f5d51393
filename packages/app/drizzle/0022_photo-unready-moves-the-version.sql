-- Hand-written (drizzle-kit does not model triggers): a ready photo that stops being ready (its files found missing,
-- set back to waiting by the photo job) or whose row is deleted changes what cards and vehicle pages show, as its
-- turning ready does (0018): both bump the inventory version, so the search index, the HTML cache and the rows kept
-- per version (docs/decisions/429) stop naming its files.
CREATE TRIGGER "vehicle_photos_unready_inventory_version" AFTER UPDATE OF "status" ON "vehicle_photos"
	FOR EACH ROW WHEN (OLD."status" = 'ready' AND NEW."status" IS DISTINCT FROM 'ready')
	EXECUTE FUNCTION "bump_inventory_version"();
--> statement-breakpoint
CREATE TRIGGER "vehicle_photos_deleted_inventory_version" AFTER DELETE ON "vehicle_photos"
	FOR EACH ROW WHEN (OLD."status" = 'ready')
	EXECUTE FUNCTION "bump_inventory_version"();
