CREATE TABLE "billing_code_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"billing_code" text NOT NULL,
	"modifier" text,
	"description" text,
	"allowed_caregiver_types" text[] NOT NULL,
	"rate_cents" integer NOT NULL,
	"unit_measure" text NOT NULL,
	"effective_date" date NOT NULL,
	"expiration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_code_rule_dates_order" CHECK ("billing_code_rule"."expiration_date" is null or "billing_code_rule"."expiration_date" >= "billing_code_rule"."effective_date"),
	CONSTRAINT "billing_code_rule_rate_cents_range" CHECK ("billing_code_rule"."rate_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_code_rule_code_modifier_start_idx" ON "billing_code_rule" USING btree ("billing_code",coalesce("modifier", ''),"effective_date");--> statement-breakpoint
CREATE INDEX "billing_code_rule_code_idx" ON "billing_code_rule" USING btree ("billing_code");