CREATE TABLE "counters" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"archived_at" timestamp with time zone,
	"archived_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"property_uuid" uuid NOT NULL,
	"partition_uuid" uuid,
	"area_uuid" uuid,
	"facility_uuid" uuid,
	"counter_id" text NOT NULL,
	"name" text NOT NULL,
	"medium" text DEFAULT 'electricity' NOT NULL,
	"unit_uuid" uuid,
	"factor" numeric(14, 4) DEFAULT 1 NOT NULL,
	"is_cumulative" boolean DEFAULT true,
	"reading_interval" integer,
	"next_verification_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("counter_id", '') || ' ' || coalesce("name", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "measurements" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"archived_at" timestamp with time zone,
	"archived_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"property_uuid" uuid NOT NULL,
	"counter_uuid" uuid NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"value" numeric(14, 4) NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"consumption" numeric(14, 4),
	"status" text DEFAULT 'valid' NOT NULL,
	"comment" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("comment", ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counters_scope_idx" ON "counters" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "counters_property_idx" ON "counters" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "counters_sort_idx" ON "counters" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "counters_search_idx" ON "counters" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "measurements_scope_idx" ON "measurements" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "measurements_property_idx" ON "measurements" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "measurements_sort_idx" ON "measurements" USING btree ("settings_group_uuid","measured_at","uuid");--> statement-breakpoint
CREATE INDEX "measurements_counter_uuid_measured_at_idx" ON "measurements" USING btree ("counter_uuid","measured_at");--> statement-breakpoint
CREATE INDEX "measurements_search_idx" ON "measurements" USING gin ("search_text" gin_trgm_ops);