CREATE TABLE "scheduled_exports" (
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
	"user_id" integer NOT NULL,
	"name" text,
	"grid_view_uuid" uuid NOT NULL,
	"format" text DEFAULT 'xlsx',
	"schedule" text NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb,
	"next_run_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "scheduled_export_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scheduled_export_uuid" uuid NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"row_count" integer,
	"file_size" bigint,
	"file_key" uuid,
	"file_name" text,
	"expires_at" timestamp with time zone,
	"error" text,
	"mailed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD CONSTRAINT "scheduled_exports_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD CONSTRAINT "scheduled_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD CONSTRAINT "scheduled_exports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD CONSTRAINT "scheduled_exports_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD CONSTRAINT "scheduled_exports_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_exports" ADD CONSTRAINT "scheduled_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_exports_scope_idx" ON "scheduled_exports" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "scheduled_exports_owner_idx" ON "scheduled_exports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scheduled_exports_sort_idx" ON "scheduled_exports" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "scheduled_exports_grid_view_uuid_idx" ON "scheduled_exports" USING btree ("grid_view_uuid");--> statement-breakpoint
CREATE INDEX "scheduled_exports_search_idx" ON "scheduled_exports" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "scheduled_export_runs_export_idx" ON "scheduled_export_runs" USING btree ("scheduled_export_uuid","started_at");--> statement-breakpoint
CREATE INDEX "scheduled_export_runs_expires_idx" ON "scheduled_export_runs" USING btree ("expires_at");