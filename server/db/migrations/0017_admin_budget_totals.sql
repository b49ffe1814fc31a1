CREATE TABLE "access_rule_filters" (
	"access_rule_uuid" uuid NOT NULL,
	"filter_uuid" uuid NOT NULL,
	CONSTRAINT "access_rule_filters_access_rule_uuid_filter_uuid_pk" PRIMARY KEY("access_rule_uuid","filter_uuid")
);
--> statement-breakpoint
CREATE TABLE "access_rule_user_groups" (
	"access_rule_uuid" uuid NOT NULL,
	"user_group_uuid" uuid NOT NULL,
	CONSTRAINT "access_rule_user_groups_access_rule_uuid_user_group_uuid_pk" PRIMARY KEY("access_rule_uuid","user_group_uuid")
);
--> statement-breakpoint
CREATE TABLE "access_rules" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"filter" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"target_type" text,
	"target_uuid" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delegations" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filters" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_properties" (
	"license_uuid" uuid NOT NULL,
	"property_uuid" uuid NOT NULL,
	CONSTRAINT "license_properties_license_uuid_property_uuid_pk" PRIMARY KEY("license_uuid","property_uuid")
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"holder_uuid" uuid,
	"name" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"cidr" text NOT NULL,
	"action" text NOT NULL,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_delete_requests" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settings_group_uuid" uuid NOT NULL,
	"property_uuid" uuid NOT NULL,
	"requested_by" integer,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"delete_on" date,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_user_groups" (
	"property_uuid" uuid NOT NULL,
	"user_group_uuid" uuid NOT NULL,
	CONSTRAINT "property_user_groups_property_uuid_user_group_uuid_pk" PRIMARY KEY("property_uuid","user_group_uuid")
);
--> statement-breakpoint
CREATE TABLE "budget_totals" (
	"budget_uuid" uuid PRIMARY KEY NOT NULL,
	"orders_drawn" numeric(16, 2) DEFAULT '0' NOT NULL,
	"bills_drawn" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_rule_filters" ADD CONSTRAINT "access_rule_filters_access_rule_uuid_access_rules_uuid_fk" FOREIGN KEY ("access_rule_uuid") REFERENCES "public"."access_rules"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_rule_filters" ADD CONSTRAINT "access_rule_filters_filter_uuid_filters_uuid_fk" FOREIGN KEY ("filter_uuid") REFERENCES "public"."filters"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_rule_user_groups" ADD CONSTRAINT "access_rule_user_groups_access_rule_uuid_access_rules_uuid_fk" FOREIGN KEY ("access_rule_uuid") REFERENCES "public"."access_rules"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_rule_user_groups" ADD CONSTRAINT "access_rule_user_groups_user_group_uuid_user_groups_uuid_fk" FOREIGN KEY ("user_group_uuid") REFERENCES "public"."user_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_rules" ADD CONSTRAINT "access_rules_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filters" ADD CONSTRAINT "filters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_properties" ADD CONSTRAINT "license_properties_license_uuid_licenses_uuid_fk" FOREIGN KEY ("license_uuid") REFERENCES "public"."licenses"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_delete_requests" ADD CONSTRAINT "property_delete_requests_settings_group_uuid_settings_groups_uuid_fk" FOREIGN KEY ("settings_group_uuid") REFERENCES "public"."settings_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_delete_requests" ADD CONSTRAINT "property_delete_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_user_groups" ADD CONSTRAINT "property_user_groups_user_group_uuid_user_groups_uuid_fk" FOREIGN KEY ("user_group_uuid") REFERENCES "public"."user_groups"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_rules_sg_model_idx" ON "access_rules" USING btree ("settings_group_uuid","model");--> statement-breakpoint
CREATE INDEX "audit_log_sg_created_idx" ON "audit_log" USING btree ("settings_group_uuid","created_at");--> statement-breakpoint
CREATE INDEX "delegations_sg_idx" ON "delegations" USING btree ("settings_group_uuid","from_user_id");--> statement-breakpoint
CREATE INDEX "filters_sg_model_idx" ON "filters" USING btree ("settings_group_uuid","model");--> statement-breakpoint
CREATE INDEX "license_properties_property_idx" ON "license_properties" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "licenses_sg_idx" ON "licenses" USING btree ("settings_group_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "networks_sg_cidr_unique" ON "networks" USING btree ("settings_group_uuid","cidr");--> statement-breakpoint
CREATE UNIQUE INDEX "property_delete_requests_token_unique" ON "property_delete_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "property_delete_requests_property_idx" ON "property_delete_requests" USING btree ("property_uuid");--> statement-breakpoint
CREATE INDEX "property_user_groups_ug_idx" ON "property_user_groups" USING btree ("user_group_uuid");--> statement-breakpoint
-- A budget's draws recomputed from its orders and bills (docs/domain/calculations.md, "Budgets"): an order draws
-- its total while not deleted, not cancelled or refused and not billed by a live bill that is not cancelled; a bill
-- draws its amount while not deleted and not cancelled.
CREATE FUNCTION budget_totals_refresh(b uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF b IS NULL THEN RETURN; END IF;
  INSERT INTO budget_totals (budget_uuid, orders_drawn, bills_drawn)
  VALUES (
    b,
    coalesce((SELECT sum(o.total) FROM orders o
      WHERE o.budget_uuid = b AND o.deleted_at IS NULL AND o.status NOT IN ('cancelled', 'refused')
        AND NOT EXISTS (SELECT 1 FROM bills x WHERE x.order_uuid = o.uuid AND x.deleted_at IS NULL
          AND x.status <> 'cancelled')), 0),
    coalesce((SELECT sum(x.amount) FROM bills x
      WHERE x.budget_uuid = b AND x.deleted_at IS NULL AND x.status <> 'cancelled'), 0))
  ON CONFLICT (budget_uuid) DO UPDATE
    SET orders_drawn = excluded.orders_drawn, bills_drawn = excluded.bills_drawn;
END $$;
--> statement-breakpoint
-- An order's write refreshes the budgets it drew on before and draws on now.
CREATE FUNCTION budget_totals_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM budget_totals_refresh(OLD.budget_uuid); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.budget_uuid IS DISTINCT FROM OLD.budget_uuid) THEN
    PERFORM budget_totals_refresh(NEW.budget_uuid);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A bill's write refreshes its budgets before and after, and those of the orders it billed before and bills now.
CREATE FUNCTION budget_totals_bills() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM budget_totals_refresh(OLD.budget_uuid);
    IF OLD.order_uuid IS NOT NULL THEN
      PERFORM budget_totals_refresh((SELECT o.budget_uuid FROM orders o WHERE o.uuid = OLD.order_uuid));
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF TG_OP = 'INSERT' OR NEW.budget_uuid IS DISTINCT FROM OLD.budget_uuid THEN
      PERFORM budget_totals_refresh(NEW.budget_uuid);
    END IF;
    IF NEW.order_uuid IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.order_uuid IS DISTINCT FROM OLD.order_uuid) THEN
      PERFORM budget_totals_refresh((SELECT o.budget_uuid FROM orders o WHERE o.uuid = NEW.order_uuid));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the columns a draw depends on fire the refresh (an edit of a title does not).
CREATE TRIGGER orders_budget_totals AFTER INSERT OR DELETE OR UPDATE OF budget_uuid, total, status, deleted_at
  ON orders FOR EACH ROW EXECUTE FUNCTION budget_totals_orders();
--> statement-breakpoint
CREATE TRIGGER bills_budget_totals AFTER INSERT OR DELETE OR UPDATE OF budget_uuid, order_uuid, amount, status, deleted_at
  ON bills FOR EACH ROW EXECUTE FUNCTION budget_totals_bills();
--> statement-breakpoint
SELECT budget_totals_refresh(uuid) FROM budgets;
