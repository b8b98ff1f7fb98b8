CREATE TABLE "api_refresh_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"parent_id" uuid,
	"user_id" text NOT NULL,
	"session_id" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_jwks" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"alg" text,
	"crv" text
);
--> statement-breakpoint
CREATE TABLE "payroll_export" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"exported_by" uuid,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"file_sha256" text NOT NULL,
	"caregiver_count" integer DEFAULT 0 NOT NULL,
	"regular_hours" numeric(12, 2) DEFAULT 0 NOT NULL,
	"overtime_hours" numeric(12, 2) DEFAULT 0 NOT NULL,
	"mileage_miles" numeric(12, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_export_batch" ADD COLUMN "date_from" date;--> statement-breakpoint
ALTER TABLE "billing_export_batch" ADD COLUMN "date_to" date;--> statement-breakpoint
ALTER TABLE "billing_export_batch" ADD COLUMN "file_path" text;--> statement-breakpoint
ALTER TABLE "billing_export_batch" ADD COLUMN "file_sha256" text;--> statement-breakpoint
ALTER TABLE "billing_export_batch" ADD COLUMN "total_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "billing_import_batch" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "billing_import_batch" ADD COLUMN "file_path" text;--> statement-breakpoint
ALTER TABLE "billing_import_batch" ADD COLUMN "file_sha256" text;--> statement-breakpoint
ALTER TABLE "billing_import_batch" ADD COLUMN "rejected_rows" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_item" ADD COLUMN "units" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "exprs_record" ADD COLUMN "line_number" integer;--> statement-breakpoint
ALTER TABLE "exprs_record" ADD COLUMN "payer_claim_number" text;--> statement-breakpoint
ALTER TABLE "exprs_record" ADD COLUMN "matched_by" uuid;--> statement-breakpoint
ALTER TABLE "exprs_record" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payroll_adjustment" ADD COLUMN "effective_date" date;--> statement-breakpoint
ALTER TABLE "payroll_adjustment" ADD COLUMN "replaces_id" uuid;--> statement-breakpoint
ALTER TABLE "payroll_adjustment" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "api_refresh_token" ADD CONSTRAINT "api_refresh_token_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_export" ADD CONSTRAINT "payroll_export_exported_by_user_account_id_fk" FOREIGN KEY ("exported_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_refresh_token_hash_idx" ON "api_refresh_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_refresh_token_family_idx" ON "api_refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "api_refresh_token_user_idx" ON "api_refresh_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payroll_export_period_idx" ON "payroll_export" USING btree ("period_start","period_end");--> statement-breakpoint
ALTER TABLE "exprs_record" ADD CONSTRAINT "exprs_record_matched_by_user_account_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_adjustment" ADD CONSTRAINT "payroll_adjustment_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_import_batch_file_sha256_idx" ON "billing_import_batch" USING btree ("file_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "exprs_record_batch_line_idx" ON "exprs_record" USING btree ("import_batch_id","line_number");--> statement-breakpoint
CREATE INDEX "payroll_adjustment_effective_date_idx" ON "payroll_adjustment" USING btree ("effective_date");--> statement-breakpoint
CREATE INDEX "payroll_adjustment_replaces_idx" ON "payroll_adjustment" USING btree ("replaces_id");