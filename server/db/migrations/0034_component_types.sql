CREATE TABLE "component_types" (
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
	"lifetime" integer NOT NULL,
	"renewal_group_uuid" uuid,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "component_type_uuid" uuid;--> statement-breakpoint
ALTER TABLE "component_types" ADD CONSTRAINT "component_types_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_types" ADD CONSTRAINT "component_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_types" ADD CONSTRAINT "component_types_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_types" ADD CONSTRAINT "component_types_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_types" ADD CONSTRAINT "component_types_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "component_types_scope_idx" ON "component_types" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "component_types_sort_idx" ON "component_types" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "component_types_search_idx" ON "component_types" USING gin ("search_text" gin_trgm_ops);