CREATE TABLE "match_flag_dismissal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flag_key" text NOT NULL,
	"dismissed_by_user_id" uuid NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ocr_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"page_count" integer,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"error_message" text,
	"mean_confidence" double precision,
	"job_id" uuid,
	"uploaded_by" uuid,
	"processed_at" timestamp with time zone,
	"staged_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ocr_document_status_check" CHECK ("ocr_document"."status" in ('QUEUED', 'PROCESSING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "ocr_page" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"page_number" integer NOT NULL,
	"image_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"skew_degrees" double precision DEFAULT 0 NOT NULL,
	"mean_confidence" double precision,
	"ocr_millis" integer DEFAULT 0 NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "client_message_id" uuid;--> statement-breakpoint
ALTER TABLE "staging_shift_segment" ADD COLUMN "original_billing_code" text;--> statement-breakpoint
ALTER TABLE "staging_shift" ADD COLUMN "source" text DEFAULT 'csv' NOT NULL;--> statement-breakpoint
ALTER TABLE "staging_shift" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "ocr_document" ADD CONSTRAINT "ocr_document_uploaded_by_user_account_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocr_page" ADD CONSTRAINT "ocr_page_document_id_ocr_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."ocr_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_flag_dismissal_key_idx" ON "match_flag_dismissal" USING btree ("flag_key");--> statement-breakpoint
CREATE INDEX "ocr_document_uploaded_by_idx" ON "ocr_document" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "ocr_document_created_at_idx" ON "ocr_document" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ocr_page_document_page_idx" ON "ocr_page" USING btree ("document_id","page_number");--> statement-breakpoint
CREATE UNIQUE INDEX "message_client_message_idx" ON "message" USING btree ("conversation_id","sender_type","client_message_id");