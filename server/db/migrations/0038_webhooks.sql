CREATE TABLE "webhooks" (
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
	"access_rule_uuids" uuid[],
	"url" text NOT NULL,
	"description" text,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true,
	"failing_since" timestamp with time zone,
	"disabled_reason" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("url", '') || ' ' || coalesce("description", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_uuid" uuid NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"message_id" text NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"response_status" integer,
	"duration_ms" integer,
	"response_excerpt" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_secrets" (
	"webhook_uuid" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhooks_scope_idx" ON "webhooks" USING btree ("settings_group_uuid","deleted_at");--> statement-breakpoint
CREATE INDEX "webhooks_sort_idx" ON "webhooks" USING btree ("settings_group_uuid","url","uuid");--> statement-breakpoint
CREATE INDEX "webhooks_search_idx" ON "webhooks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_uuid","id");--> statement-breakpoint
-- A record change queues a delivery for each enabled webhook of the record's settings group that hears of it, in the
-- change's own transaction (docs/domain/webhooks.md): a rolled-back change queues nothing, a committed one is never lost.
CREATE OR REPLACE FUNCTION "webhook_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change text;
  fields text[];
  event text;
  rec jsonb;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "webhooks" w WHERE w."settings_group_uuid" = NEW."settings_group_uuid"
      AND w."enabled" IS TRUE AND w."deleted_at" IS NULL AND w."archived_at" IS NULL) THEN
    RETURN NULL;
  END IF;
  rec := to_jsonb(NEW) - 'search_text' - 'access_rule_uuids';
  IF TG_OP = 'INSERT' THEN
    change := 'created';
  ELSIF NEW."deleted_at" IS NOT NULL THEN
    IF OLD."deleted_at" IS NOT NULL THEN RETURN NULL; END IF;
    change := 'deleted';
  ELSIF NEW."archived_at" IS NOT NULL AND OLD."archived_at" IS NULL THEN
    change := 'archived';
  ELSIF NEW."archived_at" IS NULL AND OLD."archived_at" IS NOT NULL THEN
    change := 'restored';
  ELSE
    SELECT array_agg(n.key ORDER BY n.key) INTO fields FROM jsonb_each(rec) n
     WHERE n.key NOT IN ('updated_at', 'updated_by') AND (to_jsonb(OLD) -> n.key) IS DISTINCT FROM n.value;
    IF fields IS NULL THEN RETURN NULL; END IF;
    change := 'updated';
  END IF;
  event := TG_ARGV[0] || '.' || change;
  INSERT INTO "webhook_deliveries" ("webhook_uuid", "settings_group_uuid", "message_id", "event", "payload")
  SELECT w."uuid", w."settings_group_uuid", 'msg_' || replace(gen_random_uuid()::text, '-', ''), event,
         jsonb_build_object('type', event, 'timestamp', now(), 'data',
           jsonb_strip_nulls(jsonb_build_object('model', TG_ARGV[0], 'uuid', NEW."uuid", 'changed', to_jsonb(fields)))
             || jsonb_build_object('record', rec))
    FROM "webhooks" w
   WHERE w."settings_group_uuid" = NEW."settings_group_uuid" AND w."enabled" IS TRUE AND w."deleted_at" IS NULL
     AND w."archived_at" IS NULL AND w."events" ? event;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "properties" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('property');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "partitions" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('partition');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "areas" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('area');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "facilities" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('facility');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "contacts" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('contact');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "tenancies" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('tenancy');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "units" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('unit');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "cost_groups" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('cost_group');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "renewal_groups" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('renewal_group');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "component_types" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('component_type');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "renewal_property_groups" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('property_group');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "construction_cost_indexes" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('construction_cost_index');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "taxes" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('tax');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "articles" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('article');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "materials" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('material');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "discounts" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('discount');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "service_rates" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('service_rate');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "tasks" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('task');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "task_events" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('task_event');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "tickets" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('ticket');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "ticket_comments" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('ticket_comment');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('order');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "order_lines" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('order_line');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "contracts" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('contract');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "documents" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('document');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "guarantees" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('guarantee');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "counters" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('counter');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "measurements" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('measurement');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "budgets" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('budget');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "bills" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('bill');
--> statement-breakpoint
CREATE TRIGGER "webhook_event" AFTER INSERT OR UPDATE ON "expenses" FOR EACH ROW EXECUTE FUNCTION "webhook_event"('expense');
