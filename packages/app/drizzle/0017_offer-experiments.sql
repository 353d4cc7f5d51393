ALTER TABLE "offers" ADD COLUMN "rules_published" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "experiment" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "experiment_arm" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "visit_booked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "cash_now_price" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "more_cash_later_price" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_experiment_arm" CHECK (("offers"."experiment" is null and "offers"."experiment_arm" is null) or "offers"."experiment_arm" in ('variant', 'control'));--> statement-breakpoint
CREATE INDEX "offers_experiment_idx" ON "offers" USING btree ("experiment","created_at") WHERE "offers"."experiment" is not null;--> statement-breakpoint
CREATE INDEX "offers_visitor_experiment_idx" ON "offers" USING btree ("visitor_id","valid_until") WHERE "offers"."experiment" is not null;
