-- Every write of a position of a client's orders, whoever makes it (an add or change through the bot or the
-- Mini App, staff's edits, sending to collect, removals, imports), counts one in the client's row of
-- order_rate_buckets (`changes`): an add judged on a reading of the client's day is written only while the count
-- is still the one read with it (modules/ordering/add-position.ts), so a process may judge on a day's order it
-- keeps in memory and never act on one that changed. Statement triggers over the written rows, so a bulk
-- statement counts its rows in one upsert per client. A client without a row yet gets one, its bucket full
-- (full since ever: the pace is the service clock's, not the database's).
CREATE FUNCTION order_positions_count_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_rate_buckets AS b (client_id, full_at, changes)
      SELECT o.client_id, '-infinity'::timestamptz, count(*) FROM new_rows r JOIN orders o ON o.id = r.order_id GROUP BY o.client_id
      ON CONFLICT (client_id) DO UPDATE SET changes = b.changes + excluded.changes;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_rate_buckets AS b (client_id, full_at, changes)
      SELECT o.client_id, '-infinity'::timestamptz, count(*) FROM old_rows r JOIN orders o ON o.id = r.order_id GROUP BY o.client_id
      ON CONFLICT (client_id) DO UPDATE SET changes = b.changes + excluded.changes;
  ELSE
    -- A position moved to another order counts for the order it left too.
    INSERT INTO order_rate_buckets AS b (client_id, full_at, changes)
      SELECT o.client_id, '-infinity'::timestamptz, count(*) FROM (
        SELECT order_id FROM new_rows
        UNION ALL
        SELECT old_rows.order_id FROM old_rows JOIN new_rows ON new_rows.id = old_rows.id
          WHERE new_rows.order_id <> old_rows.order_id
      ) r JOIN orders o ON o.id = r.order_id GROUP BY o.client_id
      ON CONFLICT (client_id) DO UPDATE SET changes = b.changes + excluded.changes;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_positions_inserted_count AFTER INSERT ON order_positions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_positions_count_changes();
--> statement-breakpoint
CREATE TRIGGER order_positions_updated_count AFTER UPDATE ON order_positions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_positions_count_changes();
--> statement-breakpoint
CREATE TRIGGER order_positions_deleted_count AFTER DELETE ON order_positions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_positions_count_changes();
