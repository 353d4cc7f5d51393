CREATE TABLE "vehicle_desk_overrides" (
	"vin" text PRIMARY KEY NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_reason" text,
	"price" integer,
	"feed_price" integer,
	"price_reason" text,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_desk_overrides" ADD CONSTRAINT "vehicle_desk_overrides_vin_vehicles_vin_fk" FOREIGN KEY ("vin") REFERENCES "public"."vehicles"("vin") ON DELETE no action ON UPDATE no action;
