CREATE TABLE "orders" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"archived_at" timestamp with time zone,
	"archived_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"property_uuid" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text DEFAULT 'internal' NOT NULL,
	"ticket_uuid" uuid,
	"task_event_uuid" uuid,
	"contact_uuid" uuid,
	"cost_group_uuid" uuid,
	"execution_date" date,
	"due_date" date,
	"proposed_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"overdue" boolean,
	"payment_responsibility" text DEFAULT 'owner' NOT NULL,
	"currency" text DEFAULT 'CHF' NOT NULL,
	"total" numeric(14, 2),
	"sent_at" timestamp with time zone,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"archived_at" timestamp with time zone,
	"archived_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"property_uuid" uuid NOT NULL,
	"order_uuid" uuid NOT NULL,
	"title" text NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"unit_uuid" uuid,
	"unit_price" numeric(14, 2) NOT NULL,
	"discount" numeric(7, 3),
	"tax" numeric(7, 3),
	"total" numeric(14, 2),
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"archived_at" timestamp with time zone,
	"archived_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"property_uuid" uuid NOT NULL,
	"title" text NOT NULL,
	"facility_uuid" uuid,
	"contact_uuid" uuid,
	"execution_type" text DEFAULT 'internal' NOT NULL,
	"repeat_type" text DEFAULT 'singular' NOT NULL,
	"interval" integer DEFAULT 1,
	"unit" text,
	"by_weekday" text,
	"month_mode" text,
	"weekday_ordinal" integer,
	"start_date" date NOT NULL,
	"end_type" text DEFAULT 'never' NOT NULL,
	"end_date" date,
	"occurrences" integer,
	"anchor" text DEFAULT 'scheduled' NOT NULL,
	"lead_days" integer,
	"due_offset_days" integer,
	"skip_weekends" boolean DEFAULT false,
	"rrule" text,
	"workload" numeric(14, 4),
	"cost_per_hour" numeric(14, 2),
	"status" text DEFAULT 'active' NOT NULL,
	"last_executed_at" date,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("title", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "task_events" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"archived_at" timestamp with time zone,
	"archived_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"property_uuid" uuid NOT NULL,
	"task_uuid" uuid NOT NULL,
	"due_date" date NOT NULL,
	"planned_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"overdue" boolean,
	"moved" boolean DEFAULT false,
	"done_at" timestamp with time zone,
	"done_by" text,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"archived_at" timestamp with time zone,
	"archived_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"property_uuid" uuid NOT NULL,
	"subject" text NOT NULL,
	"number" text,
	"partition_uuid" uuid,
	"area_uuid" uuid,
	"facility_uuid" uuid,
	"priority" text DEFAULT 'normal' NOT NULL,
	"severity" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"overdue" boolean,
	"due_date" date,
	"assignee_user_uuid" text,
	"assignee_name" text,
	"delegated_contact_uuid" uuid,
	"reporter_contact_uuid" uuid,
	"reporter_email" text,
	"source" text DEFAULT 'web' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" text,
	"reopen_count" integer DEFAULT 0,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("subject", '') || ' ' || coalesce("number", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"archived_at" timestamp with time zone,
	"archived_by" integer,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"property_uuid" uuid NOT NULL,
	"ticket_uuid" uuid NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "order_messages" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_uuid" uuid NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_tokens" (
	"order_uuid" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "record_numbers" (
	"settings_group_uuid" uuid NOT NULL,
	"sequence" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "record_numbers_settings_group_uuid_sequence_pk" PRIMARY KEY("settings_group_uuid","sequence")
);
--> statement-breakpoint
CREATE TABLE "ticket_followers" (
	"ticket_uuid" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_followers_ticket_uuid_user_id_pk" PRIMARY KEY("ticket_uuid","user_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_events" ADD CONSTRAINT "task_events_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_events" ADD CONSTRAINT "task_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_events" ADD CONSTRAINT "task_events_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_events" ADD CONSTRAINT "task_events_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_events" ADD CONSTRAINT "task_events_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_uuid_orders_uuid_fk" FOREIGN KEY ("order_uuid") REFERENCES "public"."orders"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tokens" ADD CONSTRAINT "order_tokens_order_uuid_orders_uuid_fk" FOREIGN KEY ("order_uuid") REFERENCES "public"."orders"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_numbers" ADD CONSTRAINT "record_numbers_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_followers" ADD CONSTRAINT "ticket_followers_ticket_uuid_tickets_uuid_fk" FOREIGN KEY ("ticket_uuid") REFERENCES "public"."tickets"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_followers" ADD CONSTRAINT "ticket_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_scope_idx" ON "orders" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "orders_property_idx" ON "orders" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "orders_sort_idx" ON "orders" USING btree ("settings_group_uuid","due_date","uuid");--> statement-breakpoint
CREATE INDEX "orders_ticket_uuid_idx" ON "orders" USING btree ("ticket_uuid");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_lines_scope_idx" ON "order_lines" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "order_lines_property_idx" ON "order_lines" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "order_lines_order_uuid_idx" ON "order_lines" USING btree ("order_uuid");--> statement-breakpoint
CREATE INDEX "order_lines_search_idx" ON "order_lines" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_scope_idx" ON "tasks" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "tasks_property_idx" ON "tasks" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "tasks_sort_idx" ON "tasks" USING btree ("settings_group_uuid","title","uuid");--> statement-breakpoint
CREATE INDEX "tasks_facility_uuid_idx" ON "tasks" USING btree ("facility_uuid");--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_events_scope_idx" ON "task_events" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "task_events_property_idx" ON "task_events" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "task_events_sort_idx" ON "task_events" USING btree ("settings_group_uuid","due_date","uuid");--> statement-breakpoint
CREATE INDEX "task_events_task_uuid_due_date_idx" ON "task_events" USING btree ("task_uuid","due_date");--> statement-breakpoint
CREATE INDEX "tickets_scope_idx" ON "tickets" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "tickets_property_idx" ON "tickets" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "tickets_sort_idx" ON "tickets" USING btree ("settings_group_uuid","number","uuid");--> statement-breakpoint
CREATE INDEX "tickets_settings_group_uuid_due_date_idx" ON "tickets" USING btree ("settings_group_uuid","due_date");--> statement-breakpoint
CREATE INDEX "tickets_search_idx" ON "tickets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_comments_scope_idx" ON "ticket_comments" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "ticket_comments_property_idx" ON "ticket_comments" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_uuid_idx" ON "ticket_comments" USING btree ("ticket_uuid");