CREATE TABLE "outbox_pacing" (
	"id" smallint PRIMARY KEY NOT NULL,
	"next_slot" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "telegram_unreachable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "photo_file_id" varchar(255);--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "recipients" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "delivered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_messages" ADD COLUMN "unreachable" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "reply_markup" jsonb;--> statement-breakpoint
CREATE INDEX "outbox_messages_chat_idx" ON "outbox_messages" USING btree ("chat_id","status");