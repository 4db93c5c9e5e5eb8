ALTER TABLE "case_submissions" ADD COLUMN "presented_on" date;--> statement-breakpoint
ALTER TABLE "case_submissions" ADD COLUMN "presented_by" uuid;--> statement-breakpoint
ALTER TABLE "case_submissions" ADD COLUMN "presented_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "case_submissions" ADD CONSTRAINT "case_submissions_presented_by_staff_members_id_fk" FOREIGN KEY ("presented_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;