CREATE TABLE "submission_builds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"actor_email" text NOT NULL,
	"ip" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"fingerprint" text NOT NULL,
	"annexes_done" integer DEFAULT 0 NOT NULL,
	"annexes_total" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" uuid,
	"heartbeat_at" timestamp with time zone,
	"submission_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "case_submissions" ADD COLUMN "parts" jsonb;--> statement-breakpoint
ALTER TABLE "submission_builds" ADD CONSTRAINT "submission_builds_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_builds" ADD CONSTRAINT "submission_builds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_builds" ADD CONSTRAINT "submission_builds_submission_id_case_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."case_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_builds_lead_idx" ON "submission_builds" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "submission_builds_active_idx" ON "submission_builds" USING btree ("lead_id") WHERE "submission_builds"."state" IN ('aceptado', 'en-preparacion');