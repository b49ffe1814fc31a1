CREATE TABLE "model_settings" (
	"settings_group_uuid" uuid NOT NULL,
	"model" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_settings_settings_group_uuid_model_pk" PRIMARY KEY("settings_group_uuid","model")
);
--> statement-breakpoint
ALTER TABLE "model_settings" ADD CONSTRAINT "model_settings_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- data (hand-written): the guarantee reminder days and the ticket counters move into the model settings
-- (docs/domain/fields.md, "Model settings"); the column and the counters' table are dropped only once copied, so
-- the two drops drizzle-kit generated stay here, after the copy.
INSERT INTO "model_settings" ("settings_group_uuid", "model", "values")
	SELECT "uuid", 'guarantee', jsonb_build_object('reminder_days', to_jsonb("guarantee_reminder_days"))
	FROM "settings_groups";--> statement-breakpoint
INSERT INTO "model_settings" ("settings_group_uuid", "model", "values")
	SELECT "settings_group_uuid", 'ticket', jsonb_build_object('next_number', "last_value" + 1)
	FROM "record_numbers" WHERE "sequence" = 'ticket'
	ON CONFLICT ("settings_group_uuid", "model") DO UPDATE SET "values" = "model_settings"."values" || EXCLUDED."values";--> statement-breakpoint
DROP TABLE "record_numbers" CASCADE;--> statement-breakpoint
ALTER TABLE "settings_groups" DROP COLUMN "guarantee_reminder_days";
