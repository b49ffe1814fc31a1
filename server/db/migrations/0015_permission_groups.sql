CREATE TABLE "permission_group_user_groups" (
	"permission_group_uuid" uuid NOT NULL,
	"user_group_uuid" uuid NOT NULL,
	CONSTRAINT "permission_group_user_groups_permission_group_uuid_user_group_uuid_pk" PRIMARY KEY("permission_group_uuid","user_group_uuid")
);
--> statement-breakpoint
CREATE TABLE "permission_groups" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"rights" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_group_members" (
	"user_group_uuid" uuid NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "user_group_members_user_group_uuid_user_id_pk" PRIMARY KEY("user_group_uuid","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "permission_group_user_groups" ADD CONSTRAINT "permission_group_user_groups_permission_group_uuid_permission_groups_uuid_fk" FOREIGN KEY ("permission_group_uuid") REFERENCES "public"."permission_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_group_user_groups" ADD CONSTRAINT "permission_group_user_groups_user_group_uuid_user_groups_uuid_fk" FOREIGN KEY ("user_group_uuid") REFERENCES "public"."user_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_groups" ADD CONSTRAINT "permission_groups_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_user_group_uuid_user_groups_uuid_fk" FOREIGN KEY ("user_group_uuid") REFERENCES "public"."user_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "permission_group_user_groups_ug_idx" ON "permission_group_user_groups" USING btree ("user_group_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_groups_name_unique" ON "permission_groups" USING btree ("settings_group_uuid",lower("name"));--> statement-breakpoint
CREATE INDEX "permission_groups_sg_idx" ON "permission_groups" USING btree ("settings_group_uuid");--> statement-breakpoint
CREATE INDEX "user_group_members_user_idx" ON "user_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_name_unique" ON "user_groups" USING btree ("settings_group_uuid",lower("name"));