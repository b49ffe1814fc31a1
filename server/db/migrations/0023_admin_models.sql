DROP INDEX "access_rules_sg_model_idx";--> statement-breakpoint
DROP INDEX "filters_sg_model_idx";--> statement-breakpoint
DROP INDEX "permission_groups_name_unique";--> statement-breakpoint
DROP INDEX "permission_groups_sg_idx";--> statement-breakpoint
DROP INDEX "user_groups_name_unique";--> statement-breakpoint
ALTER TABLE "access_rules" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "access_rules" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "access_rules" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "access_rules" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_rules" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "access_rules" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_rules" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "access_rules" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "access_rules" ADD COLUMN "filter_uuids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "access_rules" ADD COLUMN "user_group_uuids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "access_rules" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "filters" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "permission_groups" ADD COLUMN "user_group_uuids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "member_uuids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "access_rules" ADD CONSTRAINT "access_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_rules" ADD CONSTRAINT "access_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_rules" ADD CONSTRAINT "access_rules_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_rules" ADD CONSTRAINT "access_rules_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD CONSTRAINT "permission_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD CONSTRAINT "permission_groups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD CONSTRAINT "permission_groups_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD CONSTRAINT "permission_groups_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_rules_scope_idx" ON "access_rules" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "access_rules_sort_idx" ON "access_rules" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "access_rules_search_idx" ON "access_rules" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "filters_scope_idx" ON "filters" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "filters_sort_idx" ON "filters" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "filters_search_idx" ON "filters" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permission_groups_scope_idx" ON "permission_groups" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "permission_groups_sort_idx" ON "permission_groups" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "permission_groups_search_idx" ON "permission_groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_groups_scope_idx" ON "user_groups" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "user_groups_sort_idx" ON "user_groups" USING btree ("settings_group_uuid","name","uuid");--> statement-breakpoint
CREATE INDEX "user_groups_search_idx" ON "user_groups" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint

-- data (hand-written): the links become uuid arrays (docs/decisions.md, "refs as uuid arrays"), then the link
-- tables go (their drops, written by drizzle-kit, moved here after the copy so that no link is lost)
UPDATE "user_groups" ug SET "member_uuids" = coalesce((SELECT array_agg(u."uuid" ORDER BY u."uuid")
  FROM "user_group_members" m JOIN "users" u ON u."id" = m."user_id" WHERE m."user_group_uuid" = ug."uuid"), '{}');--> statement-breakpoint
UPDATE "permission_groups" p SET "user_group_uuids" = coalesce((SELECT array_agg(l."user_group_uuid" ORDER BY l."user_group_uuid")
  FROM "permission_group_user_groups" l WHERE l."permission_group_uuid" = p."uuid"), '{}');--> statement-breakpoint
UPDATE "access_rules" r SET
  "filter_uuids" = coalesce((SELECT array_agg(l."filter_uuid" ORDER BY l."filter_uuid")
    FROM "access_rule_filters" l WHERE l."access_rule_uuid" = r."uuid"), '{}'),
  "user_group_uuids" = coalesce((SELECT array_agg(l."user_group_uuid" ORDER BY l."user_group_uuid")
    FROM "access_rule_user_groups" l WHERE l."access_rule_uuid" = r."uuid"), '{}');--> statement-breakpoint
ALTER TABLE "access_rule_filters" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "access_rule_user_groups" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "permission_group_user_groups" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_group_members" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "access_rule_filters" CASCADE;--> statement-breakpoint
DROP TABLE "access_rule_user_groups" CASCADE;--> statement-breakpoint
DROP TABLE "permission_group_user_groups" CASCADE;--> statement-breakpoint
DROP TABLE "user_group_members" CASCADE;
