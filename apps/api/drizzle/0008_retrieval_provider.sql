CREATE TABLE "retrieval_sandbox_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"model_type" text NOT NULL,
	"model_year" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retrieval_sandbox_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"requests" jsonb NOT NULL,
	"webhook_url" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"name" text NOT NULL,
	"session_id" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_provider_event_key_pk" PRIMARY KEY("provider","event_key")
);
--> statement-breakpoint
ALTER TABLE "retrieval_sandbox_documents" ADD CONSTRAINT "retrieval_sandbox_documents_session_id_retrieval_sandbox_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."retrieval_sandbox_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retrieval_sandbox_documents_session_idx" ON "retrieval_sandbox_documents" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "retrieval_sandbox_sessions_created_at_idx" ON "retrieval_sandbox_sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_session_idx" ON "webhook_events" USING btree ("provider","session_id");