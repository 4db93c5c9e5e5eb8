CREATE TABLE "case_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bank" text NOT NULL,
	"code" text NOT NULL,
	"measures" jsonb NOT NULL,
	"review" jsonb NOT NULL,
	"documents" jsonb NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" integer NOT NULL,
	"reopened_at" timestamp with time zone,
	"reopened_by" uuid,
	"reopen_note" text,
	CONSTRAINT "case_submissions_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "review_drafts" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"step" integer NOT NULL,
	"tab" text NOT NULL,
	"revision" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalized_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "signed_contracts" ADD COLUMN "signature_storage_key" text;--> statement-breakpoint
ALTER TABLE "case_submissions" ADD CONSTRAINT "case_submissions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_submissions" ADD CONSTRAINT "case_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_submissions" ADD CONSTRAINT "case_submissions_reopened_by_staff_members_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_drafts" ADD CONSTRAINT "review_drafts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_submissions_lead_idx" ON "case_submissions" USING btree ("lead_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "case_submissions_open_idx" ON "case_submissions" USING btree ("lead_id") WHERE "case_submissions"."reopened_at" IS NULL;