CREATE TYPE "public"."billing_item_status" AS ENUM('EXPORTED', 'MATCHED', 'VOID');--> statement-breakpoint
CREATE TYPE "public"."caregiver_type" AS ENUM('DSP_CARE', 'DOC_CARE_1', 'DOC_CARE_2', 'FELLOWSHIP_PROTECTION', 'FIFTY_STRAIGHT');--> statement-breakpoint
CREATE TYPE "public"."connection_status" AS ENUM('AUTO_MAPPED', 'PENDING_APPROVAL', 'NOT_FOUND', 'MANUALLY_LINKED');--> statement-breakpoint
CREATE TYPE "public"."email_campaign_status" AS ENUM('PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."email_recipient_status" AS ENUM('PENDING', 'SENT', 'FAILED', 'SKIPPED');--> statement-breakpoint
CREATE TYPE "public"."entity_type" AS ENUM('CAREGIVER', 'CLIENT');--> statement-breakpoint
CREATE TYPE "public"."isp_status" AS ENUM('UPLOADED', 'PROCESSING', 'ANALYZED', 'COMPLETED', 'ERROR', 'VERIFIED');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."mapping_method" AS ENUM('EXACT_ID', 'NAME_MATCH', 'MANUAL_APPROVAL');--> statement-breakpoint
CREATE TYPE "public"."match_status" AS ENUM('PENDING', 'ACCEPTED', 'REJECTED');--> statement-breakpoint
CREATE TYPE "public"."protocol_status" AS ENUM('DRAFT', 'REVIEWED', 'FINALIZED', 'NEEDS_INFO');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('ADMIN', 'GUARDIAN', 'CAREGIVER', 'USER');--> statement-breakpoint
CREATE TYPE "public"."sender_type" AS ENUM('CLIENT', 'CAREGIVER');--> statement-breakpoint
CREATE TYPE "public"."staging_status" AS ENUM('READY', 'NOT_READY', 'UPLOADED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."validation_status" AS ENUM('READY', 'NOT_READY');--> statement-breakpoint
CREATE TABLE "auth_account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "auth_session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auth_user_id" text,
	"email" text NOT NULL,
	"role" "role" DEFAULT 'USER' NOT NULL,
	"functional_role" text,
	"first_name" text,
	"last_name" text,
	"full_name" text,
	"avatar_url" text,
	"phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"metadata" jsonb,
	"guardian_id" uuid,
	"tinder_caregiver_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_account_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"outcome" text NOT NULL,
	"request_id" text,
	"ip" text,
	"user_agent" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "caregiver" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"alt_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"type" "caregiver_type" DEFAULT 'DSP_CARE' NOT NULL,
	"external_id" text,
	"needs_review" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_manager" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"county" text,
	"email" text,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"alt_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"budget_client_id" text,
	"client_prime" text,
	"isp_month" integer,
	"case_manager_id" uuid,
	"pid" text,
	"service_element" text,
	"needs_review" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"token" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csv_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"original_name" text NOT NULL,
	"upload_date" timestamp with time zone DEFAULT now() NOT NULL,
	"processed" boolean DEFAULT false NOT NULL,
	"file_path" text NOT NULL,
	"column_map" jsonb,
	"content_hash" text,
	"bucket" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_shift" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"giv_shift_id" text NOT NULL,
	"client_id" uuid,
	"caregiver_id" uuid,
	"screening_data" jsonb,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processing_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_type" text NOT NULL,
	"status" "job_status" DEFAULT 'QUEUED' NOT NULL,
	"csv_file_id" uuid,
	"result_path" text,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"metadata" jsonb,
	"progress" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"triggered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processing_job_progress_range" CHECK ("processing_job"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "shift_segment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"evv_start" timestamp with time zone,
	"evv_end" timestamp with time zone,
	"evv_in_lat" double precision,
	"evv_in_long" double precision,
	"evv_out_lat" double precision,
	"evv_out_long" double precision,
	"billing_code" text,
	"modifier" text,
	"segment_group_id" uuid,
	"respite_handled" boolean DEFAULT false NOT NULL,
	"creation_source" text,
	"active_view" text,
	"giv_data" jsonb,
	"billing_id" text,
	"notes" text,
	"change_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validation_status" "validation_status" DEFAULT 'NOT_READY' NOT NULL,
	"validation_violations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_medicaid_id" text,
	"billing_code" text,
	"mod1" text,
	"pid" text,
	"date" date NOT NULL,
	"evv_in_time" timestamp with time zone,
	"evv_out_time" timestamp with time zone,
	"evv_in_lat" double precision,
	"evv_in_long" double precision,
	"evv_out_lat" double precision,
	"evv_out_long" double precision,
	"caregiver_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"giv_shift_id" text,
	"incident_analyzed_notes" text,
	"incident_handled" boolean DEFAULT false NOT NULL,
	"incident_reason" text,
	"incident_screened" boolean DEFAULT false NOT NULL,
	"incident_screened_at" timestamp with time zone,
	"incident_severity" text,
	"screened_for_suspicious_location_at" timestamp with time zone,
	"evv_status" text,
	"evv_status_reason" text,
	"time_zone" text,
	"csv_file_id" uuid,
	"external_sequence" integer,
	"change_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raw_data" jsonb,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baseline_location" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"in_lat" double precision,
	"in_long" double precision,
	"out_lat" double precision,
	"out_long" double precision,
	"radius_meters" double precision,
	"in_cluster_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"out_cluster_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"in_outlier_count" integer DEFAULT 0 NOT NULL,
	"out_outlier_count" integer DEFAULT 0 NOT NULL,
	"sample_size" integer DEFAULT 0 NOT NULL,
	"in_confidence" double precision,
	"out_confidence" double precision,
	"last_updated" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_specific_term" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_name" text NOT NULL,
	"term" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_shift_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"new_shift_id" uuid,
	"submitted_at" timestamp with time zone,
	"prompt" text,
	"documentation" text,
	"staff_name" text,
	"caregiver_id" uuid,
	"section_type" text,
	"client_id" uuid,
	"giv_shift_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid,
	"submitted_at" timestamp with time zone,
	"prompt" text,
	"documentation" text,
	"staff_name" text,
	"caregiver_id" uuid,
	"section_type" text,
	"client_id" uuid,
	"giv_shift_id" text,
	"matched_giv_shift_id" text,
	"needs_manual_review" boolean DEFAULT false NOT NULL,
	"review_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suspicious_location" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_id" uuid NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"suspicious_type" text NOT NULL,
	"actual_lat" double precision,
	"actual_long" double precision,
	"expected_lat" double precision,
	"expected_long" double precision,
	"distance_meters" double precision,
	"suspicion_level" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"reviewed" boolean DEFAULT false NOT NULL,
	"review_note" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term" text NOT NULL,
	"label" text,
	"should_redact" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "violation_handling" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"week_name" text NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid,
	"proc_code" text NOT NULL,
	"svc_modifier_cd" text,
	"units" numeric(12, 2) NOT NULL,
	"measure" text,
	"term" text,
	"budget_client_id" text,
	"effective_date" date NOT NULL,
	"expiration_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_dates_order" CHECK ("budget"."expiration_date" is null or "budget"."expiration_date" >= "budget"."effective_date")
);
--> statement-breakpoint
CREATE TABLE "billing_export_batch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"export_date" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_by" uuid,
	"file_name" text,
	"row_count" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_import_batch" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_date" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_by" uuid,
	"file_name" text,
	"row_count" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"orphaned_count" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_segment_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"export_batch_id" uuid,
	"snapshot_data" jsonb NOT NULL,
	"snapshot_hash" text NOT NULL,
	"date" date NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"hours" numeric(10, 2) NOT NULL,
	"mileage_miles" numeric(10, 2),
	"billing_code" text NOT NULL,
	"modifier" text,
	"rate_cents" integer,
	"amount_cents" integer,
	"evv_in_lat" double precision,
	"evv_in_long" double precision,
	"evv_out_lat" double precision,
	"evv_out_long" double precision,
	"dsp_name" text,
	"status" "billing_item_status" DEFAULT 'EXPORTED' NOT NULL,
	"has_drift" boolean DEFAULT false NOT NULL,
	"drift_detected_at" timestamp with time zone,
	"drift_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"billing_item_id" uuid NOT NULL,
	"status_type" text NOT NULL,
	"old_status" text,
	"new_status" text NOT NULL,
	"reason" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_segment_id" uuid NOT NULL,
	"evv_start" timestamp with time zone,
	"evv_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exprs_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_batch_id" uuid,
	"billing_item_id" uuid,
	"claim_id" text,
	"billing_id" text,
	"client_pid" text,
	"provider_id" text,
	"service_date" date,
	"procedure_code" text,
	"modifier" text,
	"units" numeric(12, 2),
	"billed_amount_cents" integer,
	"paid_amount_cents" integer,
	"payment_date" date,
	"claim_status" text,
	"denial_reason" text,
	"exception_code" text,
	"raw_data" jsonb NOT NULL,
	"match_status" text DEFAULT 'UNMATCHED' NOT NULL,
	"match_attempts" integer DEFAULT 0 NOT NULL,
	"match_confidence" double precision,
	"match_failure_reason" text,
	"acknowledged_by" uuid,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_adjustment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_segment_id" uuid,
	"caregiver_id" uuid,
	"adjustment_type" text NOT NULL,
	"reason" text,
	"adjustment_value" numeric(12, 2),
	"original_value" numeric(12, 2),
	"adjusted_value" numeric(12, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"applied_at" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shift_segment_id" uuid NOT NULL,
	"evv_start" timestamp with time zone,
	"evv_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "isp" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"pdf_url" text NOT NULL,
	"status" "isp_status" DEFAULT 'UPLOADED' NOT NULL,
	"uploaded_by" uuid,
	"processed_html" text,
	"processing_completed_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protocol" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"isp_id" uuid NOT NULL,
	"risk_type" text NOT NULL,
	"description" text,
	"prevention" text,
	"response" text,
	"emergency" text,
	"status" "protocol_status" DEFAULT 'DRAFT' NOT NULL,
	"mar" boolean DEFAULT false NOT NULL,
	"pbsp" boolean DEFAULT false NOT NULL,
	"serious" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"include_description" boolean DEFAULT true NOT NULL,
	"include_description_email" boolean DEFAULT false NOT NULL,
	"include_emergency" boolean DEFAULT true NOT NULL,
	"include_emergency_email" boolean DEFAULT false NOT NULL,
	"include_prevention" boolean DEFAULT true NOT NULL,
	"include_prevention_email" boolean DEFAULT false NOT NULL,
	"include_response" boolean DEFAULT true NOT NULL,
	"include_response_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quarterly_summary" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"quarter" integer NOT NULL,
	"section_name" text NOT NULL,
	"section_summary" text,
	"generated_at" timestamp with time zone,
	"generated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quarterly_summary_quarter_range" CHECK ("quarterly_summary"."quarter" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "report_reference" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"report_type" text NOT NULL,
	"year" integer NOT NULL,
	"period" text,
	"storage_key" text NOT NULL,
	"bucket" text NOT NULL,
	"region" text,
	"file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_campaign_recipient" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"case_manager_id" uuid,
	"email" text NOT NULL,
	"name" text,
	"status" "email_recipient_status" DEFAULT 'PENDING' NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_campaign" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"from_email" text,
	"from_name" text,
	"custom_message" text,
	"status" "email_campaign_status" DEFAULT 'PENDING' NOT NULL,
	"total_recipients" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_by" uuid,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_rate_limit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "additional_photo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"ref_name" text NOT NULL,
	"ref_contact" text,
	"relationship" text,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caregiver_schedule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"schedule" jsonb,
	"schedule_prompt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_schedule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"schedule" jsonb,
	"schedule_prompt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"name" text NOT NULL,
	"relationship" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardian" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"sex" text,
	"phone_number" text,
	"email" text,
	"dob" date,
	"sms_notifications_enabled" boolean DEFAULT false NOT NULL,
	"last_profile_reminder_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "like" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"status" "match_status" DEFAULT 'PENDING' NOT NULL,
	"initiator" "sender_type" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"status" "match_status" DEFAULT 'PENDING' NOT NULL,
	"rejected_by" "sender_type",
	"initiator" "sender_type" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rating" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"review" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_range" CHECK ("rating"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "text_bio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"bio" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tinder_caregiver" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text,
	"sex" text,
	"dob" date,
	"email" text,
	"phone_number" text,
	"latitude" double precision,
	"longitude" double precision,
	"address" text,
	"city" text,
	"state" text,
	"zip_code" text,
	"experience_years" integer,
	"specialties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"availability" jsonb,
	"available_hours" numeric(6, 2),
	"notes" text,
	"profile_picture" text,
	"video_bio" text,
	"background_check_status" text,
	"criminal_status" text,
	"criminal_checked_at" timestamp with time zone,
	"sex_offender_status" text,
	"sex_offender_checked_at" timestamp with time zone,
	"medallion_status" text,
	"medallion_updated_at" timestamp with time zone,
	"can_drive" boolean,
	"id_type" text,
	"user_access_code" text,
	"archived" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"sms_notifications_enabled" boolean DEFAULT false NOT NULL,
	"last_profile_reminder_at" timestamp with time zone,
	"backup_ready" boolean DEFAULT false NOT NULL,
	"caregiver_id" uuid,
	"unique_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tinder_client" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text,
	"sex" text,
	"age" integer,
	"dob" date,
	"latitude" double precision,
	"longitude" double precision,
	"address" text,
	"care_type" text,
	"level_care_needed" text,
	"unique_issues" text,
	"notes" text,
	"profile_picture" text,
	"unique_key" text NOT NULL,
	"guardian_id" uuid,
	"hours_needed" numeric(6, 2),
	"hours_needed_category" text,
	"care_needed_description" text,
	"archived" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"visibility" text,
	"weight" double precision,
	"care_details" jsonb,
	"client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_bio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"video_url" text NOT NULL,
	"transcript" text,
	"processing_status" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"answer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"participant_a_id" uuid NOT NULL,
	"participant_b_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dismissed_profile_alert" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_type" "sender_type" NOT NULL,
	"alert_field" text NOT NULL,
	"alert_severity" text,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"recipient_type" "sender_type" NOT NULL,
	"conversation_id" uuid,
	"last_email_sent_at" timestamp with time zone,
	"email_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_notification_recipient_key" UNIQUE NULLS NOT DISTINCT("recipient_id","recipient_type","conversation_id","email_type")
);
--> statement-breakpoint
CREATE TABLE "message_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content" text NOT NULL,
	"accepted" "match_status" DEFAULT 'PENDING' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"caregiver_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"sender_type" "sender_type" NOT NULL,
	"recipient_id" uuid NOT NULL,
	"recipient_type" "sender_type" NOT NULL,
	"content" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"match_id" uuid,
	"sender_name" text,
	"conversation_id" uuid,
	"triggered_email" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_completion_notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_type" "sender_type" NOT NULL,
	"issue_type" text NOT NULL,
	"issue_details" jsonb,
	"notification_schedule" jsonb,
	"emails_sent" integer DEFAULT 0 NOT NULL,
	"last_email_sent_at" timestamp with time zone,
	"next_email_scheduled_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"recipient_type" "sender_type" NOT NULL,
	"conversation_id" uuid,
	"last_sms_sent_at" timestamp with time zone,
	"sms_type" text NOT NULL,
	"provider_message_id" text,
	"delivery_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_notification_recipient_key" UNIQUE NULLS NOT DISTINCT("recipient_id","recipient_type","conversation_id","sms_type")
);
--> statement-breakpoint
CREATE TABLE "user_presence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_type" "sender_type" NOT NULL,
	"is_online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"active_conversation_id" uuid,
	"socket_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giv_id_mapping" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"giv_id" text NOT NULL,
	"entity_type" "entity_type" NOT NULL,
	"entity_id" uuid NOT NULL,
	"match_method" "mapping_method" NOT NULL,
	"match_confidence" double precision,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staging_resolution_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_type" text NOT NULL,
	"source_value" text NOT NULL,
	"target_value" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"applied_count" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staging_shift_segment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staging_shift_id" uuid NOT NULL,
	"billing_id" text,
	"original_billing_id" text,
	"evv_start" timestamp with time zone,
	"evv_end" timestamp with time zone,
	"evv_in_lat" double precision,
	"evv_in_long" double precision,
	"evv_out_lat" double precision,
	"evv_out_long" double precision,
	"billing_code" text,
	"modifier" text,
	"status" "staging_status" DEFAULT 'NOT_READY' NOT NULL,
	"violation_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"violation_meta" jsonb,
	"last_validated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staging_shift" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"giv_shift_id" text NOT NULL,
	"client_id" uuid,
	"caregiver_id" uuid,
	"original_client_id" text,
	"original_caregiver_id" text,
	"original_client_name" text,
	"original_caregiver_name" text,
	"date" date,
	"status" "staging_status" DEFAULT 'NOT_READY' NOT NULL,
	"error_details" text,
	"csv_file_id" uuid,
	"processing_job_id" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"uploaded_at" timestamp with time zone,
	"shift_id" uuid,
	"raw_data" jsonb,
	"seen_count" integer DEFAULT 1 NOT NULL,
	"approved_merged" boolean DEFAULT false NOT NULL,
	"client_connection_status" "connection_status" DEFAULT 'NOT_FOUND' NOT NULL,
	"caregiver_connection_status" "connection_status" DEFAULT 'NOT_FOUND' NOT NULL,
	"client_mapping_id" uuid,
	"caregiver_mapping_id" uuid,
	"client_match_candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"caregiver_match_candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text,
	"subject" text,
	"text_body" text NOT NULL,
	"html_body" text,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"provider_message_id" text,
	"error" text,
	"related_entity_type" text,
	"related_entity_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "auth_account" ADD CONSTRAINT "auth_account_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_auth_user_id_auth_user_id_fk" FOREIGN KEY ("auth_user_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_guardian_id_guardian_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardian"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_account" ADD CONSTRAINT "user_account_tinder_caregiver_id_tinder_caregiver_id_fk" FOREIGN KEY ("tinder_caregiver_id") REFERENCES "public"."tinder_caregiver"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client" ADD CONSTRAINT "client_case_manager_id_case_manager_id_fk" FOREIGN KEY ("case_manager_id") REFERENCES "public"."case_manager"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_shift" ADD CONSTRAINT "new_shift_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_shift" ADD CONSTRAINT "new_shift_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_shift" ADD CONSTRAINT "new_shift_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_shift" ADD CONSTRAINT "new_shift_updated_by_user_account_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_job" ADD CONSTRAINT "processing_job_csv_file_id_csv_file_id_fk" FOREIGN KEY ("csv_file_id") REFERENCES "public"."csv_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_job" ADD CONSTRAINT "processing_job_triggered_by_user_account_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_segment" ADD CONSTRAINT "shift_segment_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift" ADD CONSTRAINT "shift_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift" ADD CONSTRAINT "shift_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift" ADD CONSTRAINT "shift_csv_file_id_csv_file_id_fk" FOREIGN KEY ("csv_file_id") REFERENCES "public"."csv_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_location" ADD CONSTRAINT "baseline_location_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_shift_note" ADD CONSTRAINT "new_shift_note_new_shift_id_new_shift_id_fk" FOREIGN KEY ("new_shift_id") REFERENCES "public"."new_shift"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_shift_note" ADD CONSTRAINT "new_shift_note_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_shift_note" ADD CONSTRAINT "new_shift_note_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_note" ADD CONSTRAINT "shift_note_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_note" ADD CONSTRAINT "shift_note_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_note" ADD CONSTRAINT "shift_note_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_location" ADD CONSTRAINT "suspicious_location_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_location" ADD CONSTRAINT "suspicious_location_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_location" ADD CONSTRAINT "suspicious_location_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_location" ADD CONSTRAINT "suspicious_location_reviewed_by_user_account_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_handling" ADD CONSTRAINT "violation_handling_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget" ADD CONSTRAINT "budget_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_export_batch" ADD CONSTRAINT "billing_export_batch_exported_by_user_account_id_fk" FOREIGN KEY ("exported_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_import_batch" ADD CONSTRAINT "billing_import_batch_imported_by_user_account_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_item" ADD CONSTRAINT "billing_item_shift_segment_id_shift_segment_id_fk" FOREIGN KEY ("shift_segment_id") REFERENCES "public"."shift_segment"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_item" ADD CONSTRAINT "billing_item_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_item" ADD CONSTRAINT "billing_item_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_item" ADD CONSTRAINT "billing_item_export_batch_id_billing_export_batch_id_fk" FOREIGN KEY ("export_batch_id") REFERENCES "public"."billing_export_batch"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_status_history" ADD CONSTRAINT "billing_status_history_billing_item_id_billing_item_id_fk" FOREIGN KEY ("billing_item_id") REFERENCES "public"."billing_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_status_history" ADD CONSTRAINT "billing_status_history_user_id_user_account_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_version" ADD CONSTRAINT "billing_version_shift_segment_id_shift_segment_id_fk" FOREIGN KEY ("shift_segment_id") REFERENCES "public"."shift_segment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exprs_record" ADD CONSTRAINT "exprs_record_import_batch_id_billing_import_batch_id_fk" FOREIGN KEY ("import_batch_id") REFERENCES "public"."billing_import_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exprs_record" ADD CONSTRAINT "exprs_record_billing_item_id_billing_item_id_fk" FOREIGN KEY ("billing_item_id") REFERENCES "public"."billing_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exprs_record" ADD CONSTRAINT "exprs_record_acknowledged_by_user_account_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_adjustment" ADD CONSTRAINT "payroll_adjustment_shift_segment_id_shift_segment_id_fk" FOREIGN KEY ("shift_segment_id") REFERENCES "public"."shift_segment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_adjustment" ADD CONSTRAINT "payroll_adjustment_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_version" ADD CONSTRAINT "payroll_version_shift_segment_id_shift_segment_id_fk" FOREIGN KEY ("shift_segment_id") REFERENCES "public"."shift_segment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isp" ADD CONSTRAINT "isp_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isp" ADD CONSTRAINT "isp_uploaded_by_user_account_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isp" ADD CONSTRAINT "isp_verified_by_user_account_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol" ADD CONSTRAINT "protocol_isp_id_isp_id_fk" FOREIGN KEY ("isp_id") REFERENCES "public"."isp"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarterly_summary" ADD CONSTRAINT "quarterly_summary_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quarterly_summary" ADD CONSTRAINT "quarterly_summary_generated_by_user_account_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_reference" ADD CONSTRAINT "report_reference_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaign_recipient" ADD CONSTRAINT "email_campaign_recipient_campaign_id_email_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaign_recipient" ADD CONSTRAINT "email_campaign_recipient_case_manager_id_case_manager_id_fk" FOREIGN KEY ("case_manager_id") REFERENCES "public"."case_manager"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaign" ADD CONSTRAINT "email_campaign_created_by_user_account_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "additional_photo" ADD CONSTRAINT "additional_photo_caregiver_id_tinder_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."tinder_caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference" ADD CONSTRAINT "reference_caregiver_id_tinder_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."tinder_caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_schedule" ADD CONSTRAINT "caregiver_schedule_caregiver_id_tinder_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."tinder_caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_schedule" ADD CONSTRAINT "client_schedule_client_id_tinder_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."tinder_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact" ADD CONSTRAINT "contact_caregiver_id_tinder_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."tinder_caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "like" ADD CONSTRAINT "like_client_id_tinder_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."tinder_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "like" ADD CONSTRAINT "like_caregiver_id_tinder_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."tinder_caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match" ADD CONSTRAINT "match_client_id_tinder_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."tinder_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match" ADD CONSTRAINT "match_caregiver_id_tinder_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."tinder_caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating" ADD CONSTRAINT "rating_caregiver_id_tinder_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."tinder_caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating" ADD CONSTRAINT "rating_client_id_tinder_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."tinder_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_bio" ADD CONSTRAINT "text_bio_caregiver_id_tinder_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."tinder_caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tinder_caregiver" ADD CONSTRAINT "tinder_caregiver_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tinder_client" ADD CONSTRAINT "tinder_client_guardian_id_guardian_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardian"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tinder_client" ADD CONSTRAINT "tinder_client_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_bio" ADD CONSTRAINT "video_bio_caregiver_id_tinder_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."tinder_caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_notification" ADD CONSTRAINT "email_notification_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_request" ADD CONSTRAINT "message_request_caregiver_id_tinder_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."tinder_caregiver"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_request" ADD CONSTRAINT "message_request_client_id_tinder_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."tinder_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_match_id_match_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."match"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_notification" ADD CONSTRAINT "sms_notification_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_presence" ADD CONSTRAINT "user_presence_active_conversation_id_conversation_id_fk" FOREIGN KEY ("active_conversation_id") REFERENCES "public"."conversation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giv_id_mapping" ADD CONSTRAINT "giv_id_mapping_approved_by_user_account_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_shift_segment" ADD CONSTRAINT "staging_shift_segment_staging_shift_id_staging_shift_id_fk" FOREIGN KEY ("staging_shift_id") REFERENCES "public"."staging_shift"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_shift" ADD CONSTRAINT "staging_shift_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_shift" ADD CONSTRAINT "staging_shift_caregiver_id_caregiver_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregiver"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_shift" ADD CONSTRAINT "staging_shift_csv_file_id_csv_file_id_fk" FOREIGN KEY ("csv_file_id") REFERENCES "public"."csv_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_shift" ADD CONSTRAINT "staging_shift_processing_job_id_processing_job_id_fk" FOREIGN KEY ("processing_job_id") REFERENCES "public"."processing_job"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_shift" ADD CONSTRAINT "staging_shift_shift_id_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shift"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_shift" ADD CONSTRAINT "staging_shift_client_mapping_id_giv_id_mapping_id_fk" FOREIGN KEY ("client_mapping_id") REFERENCES "public"."giv_id_mapping"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staging_shift" ADD CONSTRAINT "staging_shift_caregiver_mapping_id_giv_id_mapping_id_fk" FOREIGN KEY ("caregiver_mapping_id") REFERENCES "public"."giv_id_mapping"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_account_user_idx" ON "auth_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_session_user_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verification_identifier_idx" ON "auth_verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "user_account_email_idx" ON "user_account" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "user_account_auth_user_idx" ON "user_account" USING btree ("auth_user_id");--> statement-breakpoint
CREATE INDEX "user_account_role_idx" ON "user_account" USING btree ("role");--> statement-breakpoint
CREATE INDEX "audit_event_at_idx" ON "audit_event" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_event_entity_idx" ON "audit_event" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_event_actor_idx" ON "audit_event" USING btree ("actor_user_account_id");--> statement-breakpoint
CREATE INDEX "audit_event_action_idx" ON "audit_event" USING btree ("action");--> statement-breakpoint
CREATE INDEX "caregiver_name_idx" ON "caregiver" USING btree ("name");--> statement-breakpoint
CREATE INDEX "caregiver_email_idx" ON "caregiver" USING btree ("email");--> statement-breakpoint
CREATE INDEX "caregiver_external_id_idx" ON "caregiver" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "caregiver_lower_name_idx" ON "caregiver" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "case_manager_name_idx" ON "case_manager" USING btree ("name");--> statement-breakpoint
CREATE INDEX "case_manager_email_idx" ON "case_manager" USING btree ("email");--> statement-breakpoint
CREATE INDEX "client_name_idx" ON "client" USING btree ("name");--> statement-breakpoint
CREATE INDEX "client_pid_idx" ON "client" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "client_case_manager_idx" ON "client" USING btree ("case_manager_id");--> statement-breakpoint
CREATE INDEX "client_budget_client_idx" ON "client" USING btree ("budget_client_id");--> statement-breakpoint
CREATE INDEX "client_lower_name_idx" ON "client" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "verification_token_identifier_token_idx" ON "verification_token" USING btree ("identifier","token");--> statement-breakpoint
CREATE INDEX "verification_token_expires_idx" ON "verification_token" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "csv_file_content_hash_idx" ON "csv_file" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "csv_file_upload_date_idx" ON "csv_file" USING btree ("upload_date");--> statement-breakpoint
CREATE UNIQUE INDEX "new_shift_giv_shift_id_idx" ON "new_shift" USING btree ("giv_shift_id");--> statement-breakpoint
CREATE INDEX "new_shift_client_idx" ON "new_shift" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "new_shift_caregiver_idx" ON "new_shift" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "processing_job_status_idx" ON "processing_job" USING btree ("status");--> statement-breakpoint
CREATE INDEX "processing_job_job_type_idx" ON "processing_job" USING btree ("job_type","created_at");--> statement-breakpoint
CREATE INDEX "processing_job_csv_file_idx" ON "processing_job" USING btree ("csv_file_id");--> statement-breakpoint
CREATE INDEX "processing_job_triggered_by_idx" ON "processing_job" USING btree ("triggered_by");--> statement-breakpoint
CREATE INDEX "shift_segment_shift_idx" ON "shift_segment" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "shift_segment_evv_start_idx" ON "shift_segment" USING btree ("evv_start");--> statement-breakpoint
CREATE INDEX "shift_segment_validation_status_idx" ON "shift_segment" USING btree ("validation_status");--> statement-breakpoint
CREATE INDEX "shift_segment_billing_id_idx" ON "shift_segment" USING btree ("billing_id");--> statement-breakpoint
CREATE INDEX "shift_segment_group_idx" ON "shift_segment" USING btree ("segment_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_giv_shift_id_idx" ON "shift" USING btree ("giv_shift_id");--> statement-breakpoint
CREATE INDEX "shift_date_idx" ON "shift" USING btree ("date");--> statement-breakpoint
CREATE INDEX "shift_caregiver_date_idx" ON "shift" USING btree ("caregiver_id","date");--> statement-breakpoint
CREATE INDEX "shift_client_date_idx" ON "shift" USING btree ("client_id","date");--> statement-breakpoint
CREATE INDEX "shift_csv_file_idx" ON "shift" USING btree ("csv_file_id");--> statement-breakpoint
CREATE INDEX "shift_pid_idx" ON "shift" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "shift_incident_idx" ON "shift" USING btree ("incident_screened","incident_handled");--> statement-breakpoint
CREATE UNIQUE INDEX "baseline_location_client_idx" ON "baseline_location" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_specific_term_client_term_idx" ON "client_specific_term" USING btree ("client_name","term");--> statement-breakpoint
CREATE INDEX "new_shift_note_new_shift_idx" ON "new_shift_note" USING btree ("new_shift_id");--> statement-breakpoint
CREATE INDEX "new_shift_note_caregiver_idx" ON "new_shift_note" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "new_shift_note_client_idx" ON "new_shift_note" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "new_shift_note_giv_shift_id_idx" ON "new_shift_note" USING btree ("giv_shift_id");--> statement-breakpoint
CREATE INDEX "new_shift_note_submitted_at_idx" ON "new_shift_note" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "shift_note_shift_idx" ON "shift_note" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "shift_note_caregiver_idx" ON "shift_note" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "shift_note_client_idx" ON "shift_note" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "shift_note_giv_shift_id_idx" ON "shift_note" USING btree ("giv_shift_id");--> statement-breakpoint
CREATE INDEX "shift_note_matched_giv_shift_id_idx" ON "shift_note" USING btree ("matched_giv_shift_id");--> statement-breakpoint
CREATE INDEX "shift_note_needs_review_idx" ON "shift_note" USING btree ("needs_manual_review");--> statement-breakpoint
CREATE INDEX "shift_note_submitted_at_idx" ON "shift_note" USING btree ("submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "suspicious_location_shift_type_idx" ON "suspicious_location" USING btree ("shift_id","suspicious_type");--> statement-breakpoint
CREATE INDEX "suspicious_location_caregiver_idx" ON "suspicious_location" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "suspicious_location_client_idx" ON "suspicious_location" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "suspicious_location_reviewed_idx" ON "suspicious_location" USING btree ("reviewed","suspicion_level");--> statement-breakpoint
CREATE INDEX "suspicious_location_reviewed_by_idx" ON "suspicious_location" USING btree ("reviewed_by");--> statement-breakpoint
CREATE UNIQUE INDEX "term_lower_term_idx" ON "term" USING btree (lower("term"));--> statement-breakpoint
CREATE UNIQUE INDEX "violation_handling_caregiver_week_idx" ON "violation_handling" USING btree ("caregiver_id","week_name");--> statement-breakpoint
CREATE INDEX "violation_handling_week_idx" ON "violation_handling" USING btree ("week_name");--> statement-breakpoint
CREATE INDEX "budget_client_code_idx" ON "budget" USING btree ("client_id","proc_code","effective_date");--> statement-breakpoint
CREATE INDEX "budget_budget_client_idx" ON "budget" USING btree ("budget_client_id");--> statement-breakpoint
CREATE INDEX "budget_proc_code_idx" ON "budget" USING btree ("proc_code");--> statement-breakpoint
CREATE INDEX "billing_export_batch_export_date_idx" ON "billing_export_batch" USING btree ("export_date");--> statement-breakpoint
CREATE INDEX "billing_export_batch_status_idx" ON "billing_export_batch" USING btree ("status");--> statement-breakpoint
CREATE INDEX "billing_export_batch_exported_by_idx" ON "billing_export_batch" USING btree ("exported_by");--> statement-breakpoint
CREATE INDEX "billing_import_batch_import_date_idx" ON "billing_import_batch" USING btree ("import_date");--> statement-breakpoint
CREATE INDEX "billing_import_batch_status_idx" ON "billing_import_batch" USING btree ("status");--> statement-breakpoint
CREATE INDEX "billing_import_batch_imported_by_idx" ON "billing_import_batch" USING btree ("imported_by");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_item_active_segment_idx" ON "billing_item" USING btree ("shift_segment_id") WHERE "billing_item"."status" <> 'VOID';--> statement-breakpoint
CREATE INDEX "billing_item_shift_segment_idx" ON "billing_item" USING btree ("shift_segment_id");--> statement-breakpoint
CREATE INDEX "billing_item_client_date_idx" ON "billing_item" USING btree ("client_id","date");--> statement-breakpoint
CREATE INDEX "billing_item_caregiver_date_idx" ON "billing_item" USING btree ("caregiver_id","date");--> statement-breakpoint
CREATE INDEX "billing_item_export_batch_idx" ON "billing_item" USING btree ("export_batch_id");--> statement-breakpoint
CREATE INDEX "billing_item_date_idx" ON "billing_item" USING btree ("date");--> statement-breakpoint
CREATE INDEX "billing_item_status_idx" ON "billing_item" USING btree ("status");--> statement-breakpoint
CREATE INDEX "billing_item_has_drift_idx" ON "billing_item" USING btree ("has_drift");--> statement-breakpoint
CREATE INDEX "billing_status_history_item_idx" ON "billing_status_history" USING btree ("billing_item_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_status_history_user_idx" ON "billing_status_history" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_version_shift_segment_idx" ON "billing_version" USING btree ("shift_segment_id");--> statement-breakpoint
CREATE INDEX "exprs_record_import_batch_idx" ON "exprs_record" USING btree ("import_batch_id");--> statement-breakpoint
CREATE INDEX "exprs_record_billing_item_idx" ON "exprs_record" USING btree ("billing_item_id");--> statement-breakpoint
CREATE INDEX "exprs_record_claim_idx" ON "exprs_record" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "exprs_record_billing_id_idx" ON "exprs_record" USING btree ("billing_id");--> statement-breakpoint
CREATE INDEX "exprs_record_client_pid_date_idx" ON "exprs_record" USING btree ("client_pid","service_date");--> statement-breakpoint
CREATE INDEX "exprs_record_match_status_idx" ON "exprs_record" USING btree ("match_status");--> statement-breakpoint
CREATE INDEX "exprs_record_acknowledged_by_idx" ON "exprs_record" USING btree ("acknowledged_by");--> statement-breakpoint
CREATE INDEX "payroll_adjustment_shift_segment_idx" ON "payroll_adjustment" USING btree ("shift_segment_id");--> statement-breakpoint
CREATE INDEX "payroll_adjustment_caregiver_idx" ON "payroll_adjustment" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "payroll_adjustment_active_idx" ON "payroll_adjustment" USING btree ("is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_version_shift_segment_idx" ON "payroll_version" USING btree ("shift_segment_id");--> statement-breakpoint
CREATE INDEX "isp_client_idx" ON "isp" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "isp_status_idx" ON "isp" USING btree ("status");--> statement-breakpoint
CREATE INDEX "isp_uploaded_by_idx" ON "isp" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "isp_verified_by_idx" ON "isp" USING btree ("verified_by");--> statement-breakpoint
CREATE INDEX "protocol_isp_order_idx" ON "protocol" USING btree ("isp_id","sort_order");--> statement-breakpoint
CREATE INDEX "protocol_status_idx" ON "protocol" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "quarterly_summary_section_idx" ON "quarterly_summary" USING btree ("client_id","year","quarter","section_name");--> statement-breakpoint
CREATE INDEX "quarterly_summary_generated_by_idx" ON "quarterly_summary" USING btree ("generated_by");--> statement-breakpoint
CREATE INDEX "report_reference_client_idx" ON "report_reference" USING btree ("client_id","report_type","year","period");--> statement-breakpoint
CREATE UNIQUE INDEX "email_campaign_recipient_email_idx" ON "email_campaign_recipient" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE INDEX "email_campaign_recipient_status_idx" ON "email_campaign_recipient" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "email_campaign_recipient_case_manager_idx" ON "email_campaign_recipient" USING btree ("case_manager_id");--> statement-breakpoint
CREATE INDEX "email_campaign_status_idx" ON "email_campaign" USING btree ("status");--> statement-breakpoint
CREATE INDEX "email_campaign_created_by_idx" ON "email_campaign" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "email_campaign_created_at_idx" ON "email_campaign" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_rate_limit_identifier_idx" ON "email_rate_limit" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "additional_photo_caregiver_idx" ON "additional_photo" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "reference_caregiver_idx" ON "reference" USING btree ("caregiver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "caregiver_schedule_caregiver_idx" ON "caregiver_schedule" USING btree ("caregiver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_schedule_client_idx" ON "client_schedule" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "contact_caregiver_idx" ON "contact" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "guardian_email_idx" ON "guardian" USING btree ("email");--> statement-breakpoint
CREATE INDEX "guardian_last_name_idx" ON "guardian" USING btree ("last_name");--> statement-breakpoint
CREATE UNIQUE INDEX "like_client_caregiver_idx" ON "like" USING btree ("client_id","caregiver_id");--> statement-breakpoint
CREATE INDEX "like_caregiver_idx" ON "like" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "like_status_idx" ON "like" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "match_client_caregiver_idx" ON "match" USING btree ("client_id","caregiver_id");--> statement-breakpoint
CREATE INDEX "match_caregiver_idx" ON "match" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "match_status_idx" ON "match" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_client_caregiver_idx" ON "rating" USING btree ("client_id","caregiver_id");--> statement-breakpoint
CREATE INDEX "rating_caregiver_idx" ON "rating" USING btree ("caregiver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "text_bio_caregiver_version_idx" ON "text_bio" USING btree ("caregiver_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "text_bio_current_idx" ON "text_bio" USING btree ("caregiver_id") WHERE "text_bio"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "tinder_caregiver_unique_key_idx" ON "tinder_caregiver" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "tinder_caregiver_caregiver_idx" ON "tinder_caregiver" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "tinder_caregiver_email_idx" ON "tinder_caregiver" USING btree ("email");--> statement-breakpoint
CREATE INDEX "tinder_caregiver_user_access_code_idx" ON "tinder_caregiver" USING btree ("user_access_code");--> statement-breakpoint
CREATE INDEX "tinder_caregiver_listing_idx" ON "tinder_caregiver" USING btree ("archived","hidden");--> statement-breakpoint
CREATE UNIQUE INDEX "tinder_client_unique_key_idx" ON "tinder_client" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "tinder_client_guardian_idx" ON "tinder_client" USING btree ("guardian_id");--> statement-breakpoint
CREATE INDEX "tinder_client_client_idx" ON "tinder_client" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "tinder_client_listing_idx" ON "tinder_client" USING btree ("archived","hidden");--> statement-breakpoint
CREATE INDEX "video_bio_caregiver_idx" ON "video_bio" USING btree ("caregiver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_bio_primary_idx" ON "video_bio" USING btree ("caregiver_id") WHERE "video_bio"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_pair_idx" ON "conversation" USING btree (least("participant_a_id", "participant_b_id"),greatest("participant_a_id", "participant_b_id"));--> statement-breakpoint
CREATE INDEX "conversation_participant_a_idx" ON "conversation" USING btree ("participant_a_id");--> statement-breakpoint
CREATE INDEX "conversation_participant_b_idx" ON "conversation" USING btree ("participant_b_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dismissed_profile_alert_user_field_idx" ON "dismissed_profile_alert" USING btree ("user_id","user_type","alert_field");--> statement-breakpoint
CREATE INDEX "email_notification_conversation_idx" ON "email_notification" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "message_request_caregiver_idx" ON "message_request" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "message_request_client_idx" ON "message_request" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "message_request_accepted_idx" ON "message_request" USING btree ("accepted");--> statement-breakpoint
CREATE INDEX "message_conversation_idx" ON "message" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "message_recipient_unread_idx" ON "message" USING btree ("recipient_id","is_read");--> statement-breakpoint
CREATE INDEX "message_sender_idx" ON "message" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "message_match_idx" ON "message" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "profile_completion_notification_user_idx" ON "profile_completion_notification" USING btree ("user_id","user_type","issue_type");--> statement-breakpoint
CREATE INDEX "profile_completion_notification_due_idx" ON "profile_completion_notification" USING btree ("is_active","next_email_scheduled_at");--> statement-breakpoint
CREATE INDEX "sms_notification_conversation_idx" ON "sms_notification" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "sms_notification_provider_message_idx" ON "sms_notification" USING btree ("provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_presence_user_idx" ON "user_presence" USING btree ("user_id","user_type");--> statement-breakpoint
CREATE INDEX "user_presence_active_conversation_idx" ON "user_presence" USING btree ("active_conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "giv_id_mapping_giv_entity_idx" ON "giv_id_mapping" USING btree ("giv_id","entity_type");--> statement-breakpoint
CREATE INDEX "giv_id_mapping_entity_idx" ON "giv_id_mapping" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "giv_id_mapping_approved_by_idx" ON "giv_id_mapping" USING btree ("approved_by");--> statement-breakpoint
CREATE UNIQUE INDEX "staging_resolution_rule_source_idx" ON "staging_resolution_rule" USING btree ("rule_type","source_value");--> statement-breakpoint
CREATE INDEX "staging_resolution_rule_active_idx" ON "staging_resolution_rule" USING btree ("is_active");--> statement-breakpoint
CREATE INDEX "staging_shift_segment_staging_shift_idx" ON "staging_shift_segment" USING btree ("staging_shift_id");--> statement-breakpoint
CREATE INDEX "staging_shift_segment_billing_id_idx" ON "staging_shift_segment" USING btree ("billing_id");--> statement-breakpoint
CREATE INDEX "staging_shift_segment_status_idx" ON "staging_shift_segment" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "staging_shift_giv_shift_id_idx" ON "staging_shift" USING btree ("giv_shift_id");--> statement-breakpoint
CREATE INDEX "staging_shift_status_idx" ON "staging_shift" USING btree ("status");--> statement-breakpoint
CREATE INDEX "staging_shift_date_idx" ON "staging_shift" USING btree ("date");--> statement-breakpoint
CREATE INDEX "staging_shift_client_idx" ON "staging_shift" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "staging_shift_caregiver_idx" ON "staging_shift" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "staging_shift_original_client_idx" ON "staging_shift" USING btree ("original_client_id");--> statement-breakpoint
CREATE INDEX "staging_shift_original_caregiver_idx" ON "staging_shift" USING btree ("original_caregiver_id");--> statement-breakpoint
CREATE INDEX "staging_shift_csv_file_idx" ON "staging_shift" USING btree ("csv_file_id");--> statement-breakpoint
CREATE INDEX "staging_shift_processing_job_idx" ON "staging_shift" USING btree ("processing_job_id");--> statement-breakpoint
CREATE INDEX "staging_shift_shift_idx" ON "staging_shift" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "staging_shift_client_mapping_idx" ON "staging_shift" USING btree ("client_mapping_id");--> statement-breakpoint
CREATE INDEX "staging_shift_caregiver_mapping_idx" ON "staging_shift" USING btree ("caregiver_mapping_id");--> statement-breakpoint
CREATE INDEX "outbox_message_created_at_idx" ON "outbox_message" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_message_channel_to_idx" ON "outbox_message" USING btree ("channel","to_address");