-- Staff screens are told what changed by the writing transaction itself, on the `live` channel: every writer
-- (the back-office, the bot, the Mini App, imports, jobs) is heard on every instance, and only once it commits.
-- A payload is "<kind>:<id>" (":new" after an order placed), or "<kind>" alone when a whole table's rows may
-- have changed; PostgreSQL sends identical payloads of one transaction once, so an order of 100 lines is one.
CREATE FUNCTION live_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  id_column text := TG_ARGV[1];
  old_id text;
  new_id text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_id := to_jsonb(OLD) ->> id_column; END IF;
  IF TG_OP <> 'DELETE' THEN new_id := to_jsonb(NEW) ->> id_column; END IF;
  IF new_id IS NOT NULL THEN
    PERFORM pg_notify('live', kind || ':' || new_id
      || CASE WHEN TG_OP = 'INSERT' AND TG_ARGV[2] = 'new' THEN ':new' ELSE '' END);
  END IF;
  IF old_id IS NOT NULL AND old_id IS DISTINCT FROM new_id THEN
    PERFORM pg_notify('live', kind || ':' || old_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION live_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_live_insert AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('orders', 'id', 'new');
--> statement-breakpoint
CREATE TRIGGER orders_live_change AFTER UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('orders', 'id');
--> statement-breakpoint
CREATE TRIGGER order_positions_live AFTER INSERT OR UPDATE OR DELETE ON order_positions
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('orders', 'order_id');
--> statement-breakpoint
CREATE TRIGGER claims_live AFTER INSERT OR UPDATE OR DELETE ON claims
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('claims', 'id');
--> statement-breakpoint
CREATE TRIGGER registration_requests_live AFTER INSERT OR UPDATE OR DELETE ON registration_requests
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('clients', 'id');
--> statement-breakpoint
CREATE TRIGGER modifications_live_stock AFTER INSERT OR DELETE ON modifications
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('stock', 'id');
--> statement-breakpoint
-- Only a quantity moves low stock: a catalogue edit of a name or a price is not the storehouse's news.
CREATE TRIGGER modifications_live_quantity AFTER UPDATE ON modifications
  FOR EACH ROW WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity)
  EXECUTE FUNCTION live_row_changed('stock', 'id');
--> statement-breakpoint
CREATE TRIGGER client_messages_live AFTER INSERT OR UPDATE OR DELETE ON client_messages
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('messages', 'id');
--> statement-breakpoint
-- A message's delivery figures move as its outbox rows are sent, failed or given up.
CREATE TRIGGER outbox_messages_live_delivery AFTER UPDATE ON outbox_messages
  FOR EACH ROW WHEN (NEW.client_message_id IS NOT NULL AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION live_row_changed('messages', 'client_message_id');
--> statement-breakpoint
CREATE TRIGGER market_schedules_live AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON market_schedules
  FOR EACH STATEMENT EXECUTE FUNCTION live_table_changed('market');
--> statement-breakpoint
CREATE TRIGGER time_intervals_live AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON time_intervals
  FOR EACH STATEMENT EXECUTE FUNCTION live_table_changed('market');
--> statement-breakpoint
CREATE TRIGGER market_schedule_groups_live AFTER INSERT OR UPDATE OR DELETE ON market_schedule_groups
  FOR EACH STATEMENT EXECUTE FUNCTION live_table_changed('market');
--> statement-breakpoint
CREATE TRIGGER market_schedule_transportations_live AFTER INSERT OR UPDATE OR DELETE ON market_schedule_transportations
  FOR EACH STATEMENT EXECUTE FUNCTION live_table_changed('market');
--> statement-breakpoint
CREATE TRIGGER market_schedule_clients_live AFTER INSERT OR UPDATE OR DELETE ON market_schedule_clients
  FOR EACH STATEMENT EXECUTE FUNCTION live_table_changed('market');
--> statement-breakpoint
-- Not a screen's kind: an account changed (disabled, its password or role), so its open streams are checked again.
CREATE TRIGGER accounts_live AFTER UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION live_row_changed('account', 'id');
