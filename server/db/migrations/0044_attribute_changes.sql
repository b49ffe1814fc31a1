CREATE TABLE "attribute_changes" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"attribute_uuid" uuid NOT NULL,
	"before" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"kept_attribute_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "previous_type" text;--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "type_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attribute_changes" ADD CONSTRAINT "attribute_changes_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribute_changes_attribute_idx" ON "attribute_changes" USING btree ("attribute_uuid","created_at");