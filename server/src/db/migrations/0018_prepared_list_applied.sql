CREATE TABLE "prepared_list_applied" (
	"send_id" integer NOT NULL,
	"place" integer NOT NULL,
	"position_id" integer NOT NULL,
	CONSTRAINT "prepared_list_applied_send_id_place_pk" PRIMARY KEY("send_id","place")
);
--> statement-breakpoint
ALTER TABLE "prepared_list_applied" ADD CONSTRAINT "prepared_list_applied_send_id_prepared_list_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."prepared_list_sends"("id") ON DELETE cascade ON UPDATE no action;