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
END $$;--> statement-breakpoint
CREATE TRIGGER "areas_access_rules" BEFORE INSERT OR UPDATE ON "areas" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('area');--> statement-breakpoint
CREATE TRIGGER "bills_access_rules" BEFORE INSERT OR UPDATE ON "bills" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('bill');--> statement-breakpoint
CREATE TRIGGER "budgets_access_rules" BEFORE INSERT OR UPDATE ON "budgets" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('budget');--> statement-breakpoint
CREATE TRIGGER "contacts_access_rules" BEFORE INSERT OR UPDATE ON "contacts" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('contact');--> statement-breakpoint
CREATE TRIGGER "contracts_access_rules" BEFORE INSERT OR UPDATE ON "contracts" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('contract');--> statement-breakpoint
CREATE TRIGGER "cost_groups_access_rules" BEFORE INSERT OR UPDATE ON "cost_groups" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('cost_group');--> statement-breakpoint
CREATE TRIGGER "counters_access_rules" BEFORE INSERT OR UPDATE ON "counters" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('counter');--> statement-breakpoint
CREATE TRIGGER "documents_access_rules" BEFORE INSERT OR UPDATE ON "documents" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('document');--> statement-breakpoint
CREATE TRIGGER "expenses_access_rules" BEFORE INSERT OR UPDATE ON "expenses" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('expense');--> statement-breakpoint
CREATE TRIGGER "facilities_access_rules" BEFORE INSERT OR UPDATE ON "facilities" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('facility');--> statement-breakpoint
CREATE TRIGGER "guarantees_access_rules" BEFORE INSERT OR UPDATE ON "guarantees" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('guarantee');--> statement-breakpoint
CREATE TRIGGER "measurements_access_rules" BEFORE INSERT OR UPDATE ON "measurements" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('measurement');--> statement-breakpoint
CREATE TRIGGER "order_lines_access_rules" BEFORE INSERT OR UPDATE ON "order_lines" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('order_line');--> statement-breakpoint
CREATE TRIGGER "orders_access_rules" BEFORE INSERT OR UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('order');--> statement-breakpoint
CREATE TRIGGER "partitions_access_rules" BEFORE INSERT OR UPDATE ON "partitions" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('partition');--> statement-breakpoint
CREATE TRIGGER "properties_access_rules" BEFORE INSERT OR UPDATE ON "properties" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('property');--> statement-breakpoint
CREATE TRIGGER "renewal_groups_access_rules" BEFORE INSERT OR UPDATE ON "renewal_groups" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('renewal_group');--> statement-breakpoint
CREATE TRIGGER "task_events_access_rules" BEFORE INSERT OR UPDATE ON "task_events" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('task_event');--> statement-breakpoint
CREATE TRIGGER "tasks_access_rules" BEFORE INSERT OR UPDATE ON "tasks" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('task');--> statement-breakpoint
CREATE TRIGGER "tenancies_access_rules" BEFORE INSERT OR UPDATE ON "tenancies" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('tenancy');--> statement-breakpoint
CREATE TRIGGER "ticket_comments_access_rules" BEFORE INSERT OR UPDATE ON "ticket_comments" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('ticket_comment');--> statement-breakpoint
CREATE TRIGGER "tickets_access_rules" BEFORE INSERT OR UPDATE ON "tickets" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('ticket');--> statement-breakpoint
CREATE TRIGGER "units_access_rules" BEFORE INSERT OR UPDATE ON "units" FOR EACH ROW EXECUTE FUNCTION access_rule_matches('unit');
