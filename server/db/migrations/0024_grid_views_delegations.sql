ALTER TABLE "delegations" DROP CONSTRAINT "delegations_to_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "grid_views_group_table";--> statement-breakpoint
DROP INDEX "delegations_sg_idx";--> statement-breakpoint
ALTER TABLE "grid_views" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "grid_views" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "grid_views" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "grid_views" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "grid_views" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "grid_views" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "grid_views" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "grid_views" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "grid_views" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "to_user_uuid" uuid;--> statement-breakpoint
ALTER TABLE "delegations" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "grid_views" ADD CONSTRAINT "grid_views_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_views" ADD CONSTRAINT "grid_views_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_views" ADD CONSTRAINT "grid_views_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_views" ADD CONSTRAINT "grid_views_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grid_views_scope_idx" ON "grid_views" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "grid_views_owner_idx" ON "grid_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "grid_views_sort_idx" ON "grid_views" USING btree ("settings_group_uuid","table_name","uuid");--> statement-breakpoint
CREATE INDEX "grid_views_search_idx" ON "grid_views" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "delegations_scope_idx" ON "delegations" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "delegations_owner_idx" ON "delegations" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "delegations_sort_idx" ON "delegations" USING btree ("settings_group_uuid","valid_from","uuid");--> statement-breakpoint
CREATE INDEX "delegations_to_user_uuid_idx" ON "delegations" USING btree ("to_user_uuid");--> statement-breakpoint

-- data (hand-written): every saved view and delegation is kept. The delegate is named by user uuid now (a reference
-- to a member, docs/decisions.md "A user's own rows"): copied from the user id before that column goes (its drop,
-- written by drizzle-kit, moved here after the copy, and its NOT NULL after the fill); who wrote a row is its owner.
UPDATE "delegations" d SET "to_user_uuid" = u."uuid" FROM "users" u WHERE u."id" = d."to_user_id";--> statement-breakpoint
ALTER TABLE "delegations" ALTER COLUMN "to_user_uuid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "delegations" DROP COLUMN "to_user_id";--> statement-breakpoint
UPDATE "delegations" SET "created_by" = "from_user_id", "updated_by" = "from_user_id", "updated_at" = "created_at";--> statement-breakpoint
UPDATE "grid_views" SET "created_by" = "user_id", "updated_by" = "user_id";