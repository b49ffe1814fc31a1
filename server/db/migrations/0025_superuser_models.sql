DROP INDEX "system_notifications_publish_idx";--> statement-breakpoint
DROP INDEX "licenses_sg_idx";--> statement-breakpoint
ALTER TABLE "system_notifications" ADD COLUMN "uuid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD COLUMN "settings_group_uuid" uuid;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "system_notifications" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "archived_by" integer;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "property_uuids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD CONSTRAINT "system_notifications_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD CONSTRAINT "system_notifications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD CONSTRAINT "system_notifications_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD CONSTRAINT "system_notifications_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "system_notifications_scope_idx" ON "system_notifications" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "system_notifications_sort_idx" ON "system_notifications" USING btree ("settings_group_uuid","publish_at","uuid");--> statement-breakpoint
CREATE INDEX "system_notifications_id_idx" ON "system_notifications" USING btree ("id");--> statement-breakpoint
CREATE INDEX "system_notifications_search_idx" ON "system_notifications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "licenses_scope_idx" ON "licenses" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "licenses_sort_idx" ON "licenses" USING btree ("settings_group_uuid","valid_to","uuid");--> statement-breakpoint
CREATE INDEX "licenses_search_idx" ON "licenses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint

-- data (hand-written): a system notification keeps its number (`id`, still numbered by its sequence) and is keyed by
-- its new uuid, which the read marks now name; each gets its title for search; each license's properties move from
-- the link table into its list of references (docs/decisions.md, "Licenses and system notifications on the records
-- engine"). The drops drizzle-kit wrote come after the copies, so that no row or link is lost.
ALTER TABLE "system_notification_views" ADD COLUMN "notification_uuid" uuid;--> statement-breakpoint
UPDATE "system_notification_views" v SET "notification_uuid" = n."uuid"
  FROM "system_notifications" n WHERE n."id" = v."notification_id";--> statement-breakpoint
ALTER TABLE "system_notification_views" DROP CONSTRAINT "system_notification_views_notification_id_system_notifications_id_fk";--> statement-breakpoint
ALTER TABLE "system_notification_views" DROP CONSTRAINT "system_notification_views_notification_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "system_notification_views" DROP COLUMN "notification_id";--> statement-breakpoint
ALTER TABLE "system_notification_views" ALTER COLUMN "notification_uuid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "system_notifications" DROP CONSTRAINT "system_notifications_pkey";--> statement-breakpoint
ALTER TABLE "system_notifications" ADD CONSTRAINT "system_notifications_pkey" PRIMARY KEY ("uuid");--> statement-breakpoint
ALTER TABLE "system_notification_views" ADD CONSTRAINT "system_notification_views_notification_uuid_user_id_pk" PRIMARY KEY("notification_uuid","user_id");--> statement-breakpoint
ALTER TABLE "system_notification_views" ADD CONSTRAINT "system_notification_views_notification_uuid_system_notifications_uuid_fk" FOREIGN KEY ("notification_uuid") REFERENCES "public"."system_notifications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "system_notifications" SET "title" = left(coalesce("translations"->'en-us'->>'title', "translations"->'de'->>'title',
  "translations"->'de-ch'->>'title'), 200);--> statement-breakpoint
UPDATE "licenses" l SET "property_uuids" = coalesce((SELECT array_agg(p."property_uuid" ORDER BY p."property_uuid")
  FROM "license_properties" p WHERE p."license_uuid" = l."uuid"), '{}');--> statement-breakpoint
DROP TABLE "license_properties" CASCADE;
