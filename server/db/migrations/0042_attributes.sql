CREATE TABLE "attributes" (
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
	"model" text NOT NULL,
	"key" text NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"labels" jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb,
	"required" boolean DEFAULT false,
	"searchable" boolean DEFAULT false,
	"default" jsonb,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"section" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("key", ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attributes_scope_idx" ON "attributes" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "attributes_sort_idx" ON "attributes" USING btree ("settings_group_uuid","model","uuid");--> statement-breakpoint
CREATE INDEX "attributes_search_idx" ON "attributes" USING gin ("search_text" gin_trgm_ops);