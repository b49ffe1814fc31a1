CREATE TABLE "construction_cost_indexes" (
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
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"value" numeric(14, 4) NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("series", ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "construction_cost_indexes" ADD CONSTRAINT "construction_cost_indexes_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "construction_cost_indexes" ADD CONSTRAINT "construction_cost_indexes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "construction_cost_indexes" ADD CONSTRAINT "construction_cost_indexes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "construction_cost_indexes" ADD CONSTRAINT "construction_cost_indexes_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "construction_cost_indexes" ADD CONSTRAINT "construction_cost_indexes_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "construction_cost_indexes_scope_idx" ON "construction_cost_indexes" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "construction_cost_indexes_sort_idx" ON "construction_cost_indexes" USING btree ("settings_group_uuid","series","uuid");--> statement-breakpoint
CREATE INDEX "construction_cost_indexes_search_idx" ON "construction_cost_indexes" USING gin ("search_text" gin_trgm_ops);