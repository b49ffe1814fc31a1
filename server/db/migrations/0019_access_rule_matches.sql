CREATE TABLE "access_rule_checks" (
	"settings_group_uuid" uuid NOT NULL,
	"model" text NOT NULL,
	"statement" text NOT NULL,
	CONSTRAINT "access_rule_checks_settings_group_uuid_model_pk" PRIMARY KEY("settings_group_uuid","model")
);
--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "cost_groups" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "counters" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "guarantees" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "measurements" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "partitions" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "renewal_groups" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "task_events" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "access_rule_uuids" uuid[];--> statement-breakpoint
ALTER TABLE "access_rule_checks" ADD CONSTRAINT "access_rule_checks_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The access rules a record matches (docs/domain/permissions.md, "Access rules"): the compiled statement of its
-- model and settings group run over the new row. The shared lock waits for a rule change in the same settings
-- group to commit (it holds the lock exclusively while it rewrites the matches), so no write keeps stale matches.
-- The trigger `<table>_access_rules` runs it on a model's table from the first rule on that model on
-- (server/services/access-rule-matches.ts); a model without rules pays nothing.
CREATE FUNCTION access_rule_matches() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  check_statement text;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7301, hashtext(NEW.settings_group_uuid::text));
  SELECT c.statement INTO check_statement FROM access_rule_checks c
    WHERE c.settings_group_uuid = NEW.settings_group_uuid AND c.model = TG_ARGV[0];
  IF check_statement IS NULL THEN
    NEW.access_rule_uuids := NULL;
  ELSE
    EXECUTE check_statement INTO NEW.access_rule_uuids USING NEW;
  END IF;
  RETURN NEW;
END $$;
