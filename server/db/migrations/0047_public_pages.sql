CREATE TABLE "public_pages" (
	"model_name" text NOT NULL,
	"model_uuid" uuid NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"fields" jsonb NOT NULL,
	"attachments" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reset_at" timestamp with time zone,
	CONSTRAINT "public_pages_model_name_model_uuid_pk" PRIMARY KEY("model_name","model_uuid"),
	CONSTRAINT "public_pages_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "public_pages" ADD CONSTRAINT "public_pages_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_pages" ADD CONSTRAINT "public_pages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;