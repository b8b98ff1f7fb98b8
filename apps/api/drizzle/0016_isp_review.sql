CREATE TABLE "isp_pdf_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"isp_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"storage_key" text NOT NULL,
	"bucket" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "isp_pdf_version_positive" CHECK ("isp_pdf_version"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "isp" ADD COLUMN "file_name" text DEFAULT 'isp.pdf' NOT NULL;--> statement-breakpoint
ALTER TABLE "isp" ADD COLUMN "file_size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "isp" ADD COLUMN "sha256" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "isp" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "isp" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "isp" ADD COLUMN "error_message" text;--> statement-breakpoint
ALTER TABLE "isp" ADD COLUMN "plan_start" date;--> statement-breakpoint
ALTER TABLE "isp" ADD COLUMN "plan_end" date;--> statement-breakpoint
ALTER TABLE "isp" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "isp" ADD COLUMN "current_pdf_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "isp" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "thresholds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "escalation_steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "medication_references" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "sources" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "author_licensed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "effective_date" date;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "review_due_date" date;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "previous_version_id" uuid;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "superseded_by_id" uuid;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "excluded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "exclusion_reason" text;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "status_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "finalized_by" uuid;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "finalized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "protocol" ADD COLUMN "extracted_by_job_id" uuid;--> statement-breakpoint
ALTER TABLE "report_reference" ADD COLUMN "isp_id" uuid;--> statement-breakpoint
ALTER TABLE "report_reference" ADD COLUMN "size" bigint;--> statement-breakpoint
ALTER TABLE "report_reference" ADD COLUMN "protocol_count" integer;--> statement-breakpoint
ALTER TABLE "report_reference" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "isp_pdf_version" ADD CONSTRAINT "isp_pdf_version_isp_id_isp_id_fk" FOREIGN KEY ("isp_id") REFERENCES "public"."isp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isp_pdf_version" ADD CONSTRAINT "isp_pdf_version_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "isp_pdf_version_isp_version_idx" ON "isp_pdf_version" USING btree ("isp_id","version");--> statement-breakpoint
CREATE INDEX "isp_pdf_version_created_by_idx" ON "isp_pdf_version" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "protocol" ADD CONSTRAINT "protocol_status_changed_by_user_account_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol" ADD CONSTRAINT "protocol_reviewed_by_user_account_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol" ADD CONSTRAINT "protocol_finalized_by_user_account_id_fk" FOREIGN KEY ("finalized_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reference" ADD CONSTRAINT "report_reference_isp_id_isp_id_fk" FOREIGN KEY ("isp_id") REFERENCES "public"."isp"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reference" ADD CONSTRAINT "report_reference_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protocol_previous_version_idx" ON "protocol" USING btree ("previous_version_id");--> statement-breakpoint
CREATE INDEX "protocol_status_changed_by_idx" ON "protocol" USING btree ("status_changed_by");--> statement-breakpoint
CREATE INDEX "protocol_reviewed_by_idx" ON "protocol" USING btree ("reviewed_by");--> statement-breakpoint
CREATE INDEX "protocol_finalized_by_idx" ON "protocol" USING btree ("finalized_by");--> statement-breakpoint
CREATE INDEX "report_reference_isp_idx" ON "report_reference" USING btree ("isp_id");--> statement-breakpoint
CREATE INDEX "report_reference_created_by_idx" ON "report_reference" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "protocol" ADD CONSTRAINT "protocol_version_positive" CHECK ("protocol"."version" >= 1);