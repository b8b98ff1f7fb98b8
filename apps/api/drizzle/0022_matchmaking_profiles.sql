CREATE TABLE "family_verification_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"care_client_id" uuid NOT NULL,
	"issued_by_user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_guardian_id" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_account_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"storage_bucket" text,
	"storage_key" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reviewed_by_user_id" uuid,
	"reviewed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_upload_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_account_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_user_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reviewed_by_user_id" uuid,
	"reviewed_at" timestamp with time zone,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guardian" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "guardian" ADD COLUMN "verification_method" text;--> statement-breakpoint
ALTER TABLE "guardian" ADD COLUMN "verified_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD COLUMN "availability_status" text;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD COLUMN "background_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD COLUMN "background_check_expires_at" date;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD COLUMN "provider_number" text;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD COLUMN "onboarding_step" text;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD COLUMN "verification_method" text;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD COLUMN "verified_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "tinder_client" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "tinder_client" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "tinder_client" ADD COLUMN "zip_code" text;--> statement-breakpoint
ALTER TABLE "tinder_client" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tinder_client" ADD COLUMN "onboarding_step" text;--> statement-breakpoint
ALTER TABLE "tinder_client" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tinder_client" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tinder_client" ADD COLUMN "verification_method" text;--> statement-breakpoint
ALTER TABLE "tinder_client" ADD COLUMN "verified_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "family_verification_code" ADD CONSTRAINT "family_verification_code_care_client_id_client_id_fk" FOREIGN KEY ("care_client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_verification_code" ADD CONSTRAINT "family_verification_code_used_by_guardian_id_guardian_id_fk" FOREIGN KEY ("used_by_guardian_id") REFERENCES "public"."guardian"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_verification_code_hash_idx" ON "family_verification_code" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "family_verification_code_client_idx" ON "family_verification_code" USING btree ("care_client_id");--> statement-breakpoint
CREATE INDEX "identity_document_account_idx" ON "identity_document" USING btree ("user_account_id");--> statement-breakpoint
CREATE INDEX "identity_document_status_idx" ON "identity_document" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_upload_link_token_idx" ON "mobile_upload_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "profile_report_status_idx" ON "profile_report" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "profile_report_target_idx" ON "profile_report" USING btree ("target_type","target_id");