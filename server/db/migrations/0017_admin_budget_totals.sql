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
-- Once per statement, whatever its size (an import writes hundreds of rows at a time), each budget whose draws the
-- statement may have changed is recomputed once: those of the orders written (before and after), for updates
-- only where a column a draw depends on changed.
CREATE FUNCTION budget_totals_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM budget_totals_refresh(b) FROM (SELECT DISTINCT budget_uuid FROM new_rows) s(b);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM budget_totals_refresh(b) FROM (SELECT DISTINCT budget_uuid FROM old_rows) s(b);
  ELSE
    PERFORM budget_totals_refresh(b) FROM (
      SELECT o.budget_uuid FROM old_rows o JOIN new_rows n ON n.uuid = o.uuid
        WHERE (o.budget_uuid, o.total, o.status, o.deleted_at) IS DISTINCT FROM (n.budget_uuid, n.total, n.status, n.deleted_at)
      UNION
      SELECT n.budget_uuid FROM old_rows o JOIN new_rows n ON n.uuid = o.uuid
        WHERE (o.budget_uuid, o.total, o.status, o.deleted_at) IS DISTINCT FROM (n.budget_uuid, n.total, n.status, n.deleted_at)
    ) s(b);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The same for bills: their own budgets and those of the orders they bill (before and after).
CREATE FUNCTION budget_totals_bills() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM budget_totals_refresh(b) FROM (
      SELECT budget_uuid FROM new_rows
      UNION SELECT o.budget_uuid FROM orders o WHERE o.uuid IN (SELECT order_uuid FROM new_rows)
    ) s(b);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM budget_totals_refresh(b) FROM (
      SELECT budget_uuid FROM old_rows
      UNION SELECT o.budget_uuid FROM orders o WHERE o.uuid IN (SELECT order_uuid FROM old_rows)
    ) s(b);
  ELSE
    PERFORM budget_totals_refresh(b) FROM (
      WITH changed AS (
        SELECT o.budget_uuid AS old_budget, n.budget_uuid AS new_budget, o.order_uuid AS old_order,
          n.order_uuid AS new_order
        FROM old_rows o JOIN new_rows n ON n.uuid = o.uuid
        WHERE (o.budget_uuid, o.order_uuid, o.amount, o.status, o.deleted_at)
          IS DISTINCT FROM (n.budget_uuid, n.order_uuid, n.amount, n.status, n.deleted_at))
      SELECT old_budget FROM changed UNION SELECT new_budget FROM changed
      UNION SELECT o.budget_uuid FROM orders o
        WHERE o.uuid IN (SELECT old_order FROM changed UNION SELECT new_order FROM changed)
    ) s(b);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_budget_totals_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION budget_totals_orders();
--> statement-breakpoint
CREATE TRIGGER orders_budget_totals_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION budget_totals_orders();
--> statement-breakpoint
CREATE TRIGGER orders_budget_totals_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION budget_totals_orders();
--> statement-breakpoint
CREATE TRIGGER bills_budget_totals_insert AFTER INSERT ON bills REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION budget_totals_bills();
--> statement-breakpoint
CREATE TRIGGER bills_budget_totals_update AFTER UPDATE ON bills REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION budget_totals_bills();
--> statement-breakpoint
CREATE TRIGGER bills_budget_totals_delete AFTER DELETE ON bills REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION budget_totals_bills();
--> statement-breakpoint
SELECT budget_totals_refresh(uuid) FROM budgets;
