ALTER TABLE "visitors" ADD COLUMN "unlock_inventory_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "journeys" jsonb DEFAULT '{}'::jsonb NOT NULL;