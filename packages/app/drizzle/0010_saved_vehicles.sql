CREATE TABLE "saved_vehicles" (
	"visitor_id" uuid NOT NULL,
	"vin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_vehicles_visitor_id_vin_pk" PRIMARY KEY("visitor_id","vin")
);
--> statement-breakpoint
ALTER TABLE "saved_vehicles" ADD CONSTRAINT "saved_vehicles_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_vehicles" ADD CONSTRAINT "saved_vehicles_vin_vehicles_vin_fk" FOREIGN KEY ("vin") REFERENCES "public"."vehicles"("vin") ON DELETE cascade ON UPDATE no action;