ALTER TABLE "bills" ADD COLUMN "discount_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "discount_uuid" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "discount_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" numeric(7, 3);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_uuid" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_total" numeric(14, 2);--> statement-breakpoint
-- an order's and a bill's own discount (docs/domain/calculations.md, "Document totals"): orders had none, so their
-- totals stand; a bill's discount, until now only informational, comes off the net of a bill with lines: the net
-- becomes net × (1 − discount %) to the cent, the tax shrinks in proportion, the amount is their sum and is paid as
-- its currency and settings group say
UPDATE "orders" SET "discount_total" = 0 WHERE "net_total" IS NOT NULL;
--> statement-breakpoint
UPDATE "bills" b SET
  "net_total" = s.after,
  "tax_total" = CASE WHEN s.net = 0 THEN s.tax ELSE round(s.tax * s.after / s.net, 2) END,
  "discount_total" = s.net - s.after
FROM (
  SELECT x."uuid", x."net_total" AS net, x."tax_total" AS tax,
    CASE WHEN x."net_total" = 0 THEN x."net_total"
      ELSE greatest(round(x."net_total" * (100 - coalesce(x."discount", 0)) / 100, 2), 0) END AS after
  FROM "bills" x
  WHERE x."net_total" IS NOT NULL AND x."tax_total" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "expenses" e WHERE e."bill_uuid" = x."uuid" AND e."deleted_at" IS NULL
      AND e."archived_at" IS NULL)
) s WHERE b."uuid" = s."uuid";
--> statement-breakpoint
UPDATE "bills" b SET
  "amount" = b."net_total" + b."tax_total",
  "payable_total" = CASE
    WHEN b."currency" = 'CHF' AND coalesce((SELECT m."values"->>'cash_rounding' FROM "model_settings" m
      WHERE m."settings_group_uuid" = b."settings_group_uuid" AND m."model" = 'workspace.finance'), '0.05') = '0.05'
    THEN round((b."net_total" + b."tax_total") * 20) / 20
    ELSE b."net_total" + b."tax_total" END
WHERE b."discount_total" IS NOT NULL AND b."discount_total" <> 0;
