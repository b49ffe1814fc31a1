CREATE TABLE "user_model_views" (
	"user_id" integer NOT NULL,
	"device" text NOT NULL,
	"model_name" text NOT NULL,
	"view" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_model_views_user_id_device_model_name_pk" PRIMARY KEY("user_id","device","model_name")
);
--> statement-breakpoint
CREATE TABLE "user_table_settings" (
	"user_id" integer NOT NULL,
	"device" text NOT NULL,
	"table_name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_table_settings_user_id_device_table_name_pk" PRIMARY KEY("user_id","device","table_name")
);
--> statement-breakpoint
ALTER TABLE "user_model_views" ADD CONSTRAINT "user_model_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_table_settings" ADD CONSTRAINT "user_table_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;