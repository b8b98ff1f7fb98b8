CREATE TABLE "auth_two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "approved_location" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"label" text NOT NULL,
	"kind" text DEFAULT 'OTHER' NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"radius_meters" double precision DEFAULT 100 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "tier" text DEFAULT 'strict_phi' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_session" ADD COLUMN "aal" text DEFAULT 'aal1' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "incident_categories" jsonb;--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "incident_report_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "incident_handled_by" uuid;--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "incident_handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shift" ADD COLUMN "incident_handled_note" text;--> statement-breakpoint
ALTER TABLE "shift_note" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "shift_note" ADD COLUMN "csv_file_id" uuid;--> statement-breakpoint
ALTER TABLE "shift_note" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "shift_note" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "violation_handling" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "budget" ADD COLUMN "csv_file_id" uuid;--> statement-breakpoint
ALTER TABLE "auth_two_factor" ADD CONSTRAINT "auth_two_factor_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approved_location" ADD CONSTRAINT "approved_location_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approved_location" ADD CONSTRAINT "approved_location_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_two_factor_user_idx" ON "auth_two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_two_factor_secret_idx" ON "auth_two_factor" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "approved_location_client_idx" ON "approved_location" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "approved_location_created_by_idx" ON "approved_location" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "shift" ADD CONSTRAINT "shift_incident_handled_by_user_account_id_fk" FOREIGN KEY ("incident_handled_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_note" ADD CONSTRAINT "shift_note_csv_file_id_csv_file_id_fk" FOREIGN KEY ("csv_file_id") REFERENCES "public"."csv_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_note" ADD CONSTRAINT "shift_note_resolved_by_user_account_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_handling" ADD CONSTRAINT "violation_handling_handled_by_user_account_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget" ADD CONSTRAINT "budget_csv_file_id_csv_file_id_fk" FOREIGN KEY ("csv_file_id") REFERENCES "public"."csv_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_incident_queue_idx" ON "shift" USING btree ("incident_handled","incident_report_due_at") WHERE "shift"."incident_severity" is not null and "shift"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "shift_incident_handled_by_idx" ON "shift" USING btree ("incident_handled_by");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_note_import_key_idx" ON "shift_note" USING btree ("import_key");--> statement-breakpoint
CREATE INDEX "shift_note_csv_file_idx" ON "shift_note" USING btree ("csv_file_id");--> statement-breakpoint
CREATE INDEX "shift_note_resolved_by_idx" ON "shift_note" USING btree ("resolved_by");--> statement-breakpoint
CREATE INDEX "violation_handling_handled_by_idx" ON "violation_handling" USING btree ("handled_by");--> statement-breakpoint
CREATE UNIQUE INDEX "budget_source_line_idx" ON "budget" USING btree ("budget_client_id","proc_code",coalesce("svc_modifier_cd", ''),"effective_date");--> statement-breakpoint
CREATE INDEX "budget_csv_file_idx" ON "budget" USING btree ("csv_file_id");