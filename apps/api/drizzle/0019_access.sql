CREATE TYPE "public"."access_grant_kind" AS ENUM('GUARDIAN', 'REPRESENTATIVE', 'CASE_MANAGER', 'AUDITOR');--> statement-breakpoint
CREATE TYPE "public"."access_link_purpose" AS ENUM('DASHBOARD', 'REPORT');--> statement-breakpoint
CREATE TABLE "access_grant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_account_id" uuid NOT NULL,
	"kind" "access_grant_kind" NOT NULL,
	"client_id" uuid,
	"case_manager_id" uuid,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"granted_by" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_grant_target_check" CHECK (("access_grant"."kind" = 'CASE_MANAGER' and "access_grant"."case_manager_id" is not null and "access_grant"."client_id" is null)
        or ("access_grant"."kind" <> 'CASE_MANAGER' and "access_grant"."client_id" is not null and "access_grant"."case_manager_id" is null)),
	CONSTRAINT "access_grant_auditor_expires_check" CHECK ("access_grant"."kind" <> 'AUDITOR' or "access_grant"."expires_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "access_link_session" (
	"session_id" text PRIMARY KEY NOT NULL,
	"access_link_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_link" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" "access_link_purpose" NOT NULL,
	"identifier" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "caregiver_id" uuid;--> statement-breakpoint
ALTER TABLE "user_account" ADD COLUMN "case_manager_id" uuid;--> statement-breakpoint
ALTER TABLE "access_grant" ADD CONSTRAINT "access_grant_user_account_id_user_account_id_fk" FOREIGN KEY ("user_account_id") REFERENCES "public"."user_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grant" ADD CONSTRAINT "access_grant_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grant" ADD CONSTRAINT "access_grant_case_manager_id_case_manager_id_fk" FOREIGN KEY ("case_manager_id") REFERENCES "public"."case_manager"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grant" ADD CONSTRAINT "access_grant_revoked_by_user_account_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_grant" ADD CONSTRAINT "access_grant_granted_by_user_account_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_link_session" ADD CONSTRAINT "access_link_session_session_id_auth_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_link_session" ADD CONSTRAINT "access_link_session_access_link_id_access_link_id_fk" FOREIGN KEY ("access_link_id") REFERENCES "public"."access_link"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_link" ADD CONSTRAINT "access_link_revoked_by_user_account_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_link" ADD CONSTRAINT "access_link_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_grant_account_idx" ON "access_grant" USING btree ("user_account_id");--> statement-breakpoint
CREATE INDEX "access_grant_client_idx" ON "access_grant" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "access_grant_case_manager_idx" ON "access_grant" USING btree ("case_manager_id");--> statement-breakpoint
CREATE INDEX "access_link_session_link_idx" ON "access_link_session" USING btree ("access_link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_link_token_hash_idx" ON "access_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_link_identifier_idx" ON "access_link" USING btree ("identifier");--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_case_manager_id_case_manager_id_fk" FOREIGN KEY ("case_manager_id") REFERENCES "public"."case_manager"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_account_caregiver_idx" ON "user_account" USING btree ("caregiver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_account_case_manager_idx" ON "user_account" USING btree ("case_manager_id");--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_one_person_check" CHECK (num_nonnulls("user_account"."caregiver_id", "user_account"."case_manager_id", "user_account"."guardian_id") <= 1);