DROP INDEX "networks_sg_cidr_unique";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "settings_group_uuid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "networks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("description", '') || ' ' || coalesce("cidr", ''))) STORED;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_uuid","id");--> statement-breakpoint
CREATE INDEX "networks_scope_idx" ON "networks" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "networks_sort_idx" ON "networks" USING btree ("settings_group_uuid","cidr","uuid");--> statement-breakpoint
CREATE INDEX "networks_search_idx" ON "networks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- data (hand-written)
-- a range kept before networks were a model of the engine was last changed by whoever added it
UPDATE "networks" SET "updated_by" = "created_by" WHERE "updated_by" IS NULL;
