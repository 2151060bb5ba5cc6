CREATE TABLE "quote_rate_buckets" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"full_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_rate_buckets" ADD CONSTRAINT "quote_rate_buckets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;