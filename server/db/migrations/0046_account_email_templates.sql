CREATE TABLE "account_email_templates" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid,
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
	"mail" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("subject", ''))) STORED
);
--> statement-breakpoint
ALTER TABLE "account_email_templates" ADD CONSTRAINT "account_email_templates_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_email_templates" ADD CONSTRAINT "account_email_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_email_templates" ADD CONSTRAINT "account_email_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_email_templates" ADD CONSTRAINT "account_email_templates_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_email_templates" ADD CONSTRAINT "account_email_templates_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_email_templates_scope_idx" ON "account_email_templates" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "account_email_templates_sort_idx" ON "account_email_templates" USING btree ("settings_group_uuid","mail","uuid");--> statement-breakpoint
CREATE INDEX "account_email_templates_search_idx" ON "account_email_templates" USING gin ("search_text" gin_trgm_ops);