CREATE TABLE "renewal_property_groups" (
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
	"access_rule_uuids" uuid[],
	"name" text NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "property_group_uuid" uuid;--> statement-breakpoint
ALTER TABLE "renewal_property_groups" ADD CONSTRAINT "renewal_property_groups_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_property_groups" ADD CONSTRAINT "renewal_property_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_property_groups" ADD CONSTRAINT "renewal_property_groups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_property_groups" ADD CONSTRAINT "renewal_property_groups_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_property_groups" ADD CONSTRAINT "renewal_property_groups_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewal_property_groups_scope_idx" ON "renewal_property_groups" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "renewal_property_groups_sort_idx" ON "renewal_property_groups" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "renewal_property_groups_search_idx" ON "renewal_property_groups" USING gin ("search_text" gin_trgm_ops);