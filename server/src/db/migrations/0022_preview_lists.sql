CREATE TABLE "preview_lists" (
	"session" varchar(64) PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "preview_lists" ADD CONSTRAINT "preview_lists_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;