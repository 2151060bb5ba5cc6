-- Sales rollups kept exact by triggers, so every writer of order positions (the back-office, the bot's
-- ordering service, bulk statements) updates them in its own transaction without calling anything.
-- A sale is every position of an order whatever its status, so a status change leaves the rollups as they are.

-- One position's contribution (sign +1 or -1) to both rollups.
CREATE FUNCTION stats_apply_position(
  p_order_id integer, p_modification_id integer, p_currency_id integer, p_quantity integer, p_price numeric,
  p_sign integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  SELECT opened_on, client_id, client_type INTO o FROM orders WHERE id = p_order_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order % of a position is missing', p_order_id;
  END IF;
  INSERT INTO sales_order_totals AS t
    (order_id, currency_id, day, client_id, client_type, quantity, cost, positions)
  VALUES (p_order_id, p_currency_id, o.opened_on, o.client_id, o.client_type, p_sign * p_quantity,
    p_sign * p_quantity * p_price, p_sign)
  ON CONFLICT (order_id, currency_id) DO UPDATE
    SET quantity = t.quantity + excluded.quantity, cost = t.cost + excluded.cost,
      positions = t.positions + excluded.positions;
  INSERT INTO sales_daily AS t
    (day, client_id, client_type, modification_id, currency_id, quantity, cost, positions)
  VALUES (o.opened_on, o.client_id, o.client_type, p_modification_id, p_currency_id, p_sign * p_quantity,
    p_sign * p_quantity * p_price, p_sign)
  ON CONFLICT (day, client_id, client_type, modification_id, currency_id) DO UPDATE
    SET quantity = t.quantity + excluded.quantity, cost = t.cost + excluded.cost,
      positions = t.positions + excluded.positions;
  IF p_sign < 0 THEN
    DELETE FROM sales_order_totals
      WHERE order_id = p_order_id AND currency_id = p_currency_id AND positions = 0;
    DELETE FROM sales_daily
      WHERE day = o.opened_on AND client_id = o.client_id AND client_type = o.client_type
        AND modification_id = p_modification_id AND currency_id = p_currency_id AND positions = 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_order_positions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    PERFORM stats_apply_position(OLD.order_id, OLD.modification_id, OLD.currency_id, OLD.quantity, OLD.price, -1);
  END IF;
  IF TG_OP = 'UPDATE' OR TG_OP = 'INSERT' THEN
    PERFORM stats_apply_position(NEW.order_id, NEW.modification_id, NEW.currency_id, NEW.quantity, NEW.price, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_positions_stats_insert_delete AFTER INSERT OR DELETE ON order_positions
  FOR EACH ROW EXECUTE FUNCTION stats_order_positions_changed();
--> statement-breakpoint
-- Status, collection marks and names do not change what was sold: such updates skip the trigger.
CREATE TRIGGER order_positions_stats_update AFTER UPDATE ON order_positions
  FOR EACH ROW WHEN (
    OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.modification_id IS DISTINCT FROM NEW.modification_id
    OR OLD.currency_id IS DISTINCT FROM NEW.currency_id OR OLD.quantity IS DISTINCT FROM NEW.quantity
    OR OLD.price IS DISTINCT FROM NEW.price
  ) EXECUTE FUNCTION stats_order_positions_changed();
--> statement-breakpoint
CREATE FUNCTION stats_order_positions_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_client_months;
  DELETE FROM sales_order_totals;
  DELETE FROM sales_daily;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_positions_stats_truncate AFTER TRUNCATE ON order_positions
  FOR EACH STATEMENT EXECUTE FUNCTION stats_order_positions_truncated();
--> statement-breakpoint
-- The positions go first, while their order still exists to say which day and client they belong to
-- (the cascade would delete them after the order row is gone).
CREATE FUNCTION stats_order_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_positions WHERE order_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_stats_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION stats_order_deleting();
--> statement-breakpoint
-- An order moved to another day, client or wholesale type moves its sales with it.
CREATE FUNCTION stats_order_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales_order_totals SET day = NEW.opened_on, client_id = NEW.client_id, client_type = NEW.client_type
    WHERE order_id = NEW.id;
  INSERT INTO sales_daily AS t
    (day, client_id, client_type, modification_id, currency_id, quantity, cost, positions)
  SELECT k.day, k.client_id, k.client_type, p.modification_id, p.currency_id, k.sign * sum(p.quantity),
    k.sign * sum(p.quantity * p.price), k.sign * count(*)
  FROM order_positions p
  CROSS JOIN (VALUES (OLD.opened_on, OLD.client_id, OLD.client_type, -1),
    (NEW.opened_on, NEW.client_id, NEW.client_type, 1)) AS k(day, client_id, client_type, sign)
  WHERE p.order_id = NEW.id
  GROUP BY k.day, k.client_id, k.client_type, k.sign, p.modification_id, p.currency_id
  ON CONFLICT (day, client_id, client_type, modification_id, currency_id) DO UPDATE
    SET quantity = t.quantity + excluded.quantity, cost = t.cost + excluded.cost,
      positions = t.positions + excluded.positions;
  DELETE FROM sales_daily
    WHERE day = OLD.opened_on AND client_id = OLD.client_id AND client_type = OLD.client_type AND positions = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_stats_move AFTER UPDATE ON orders
  FOR EACH ROW WHEN (
    OLD.opened_on IS DISTINCT FROM NEW.opened_on OR OLD.client_id IS DISTINCT FROM NEW.client_id
    OR OLD.client_type IS DISTINCT FROM NEW.client_type
  ) EXECUTE FUNCTION stats_order_moved();
--> statement-breakpoint
-- The monthly rollup follows the per-order one: a new (order, currency) row is one more order that month, a
-- deleted one is one less, an update moves its sum (and, for a moved order, its month or client).
CREATE FUNCTION stats_add_client_month(p_day date, p_client_id integer, p_currency_id integer, p_cost numeric,
  p_orders integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_client_months AS m (month, client_id, currency_id, cost, orders)
  VALUES (date_trunc('month', p_day)::date, p_client_id, p_currency_id, p_cost, p_orders)
  ON CONFLICT (month, client_id, currency_id) DO UPDATE
    SET cost = m.cost + excluded.cost, orders = m.orders + excluded.orders;
  IF p_orders < 0 THEN
    DELETE FROM sales_client_months
      WHERE month = date_trunc('month', p_day)::date AND client_id = p_client_id AND currency_id = p_currency_id
        AND orders = 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_order_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.day = NEW.day AND OLD.client_id = NEW.client_id
    AND OLD.currency_id = NEW.currency_id THEN
    PERFORM stats_add_client_month(NEW.day, NEW.client_id, NEW.currency_id, NEW.cost - OLD.cost, 0);
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN
    PERFORM stats_add_client_month(OLD.day, OLD.client_id, OLD.currency_id, -OLD.cost, -1);
  END IF;
  IF TG_OP = 'UPDATE' OR TG_OP = 'INSERT' THEN
    PERFORM stats_add_client_month(NEW.day, NEW.client_id, NEW.currency_id, NEW.cost, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_order_totals_months AFTER INSERT OR UPDATE OR DELETE ON sales_order_totals
  FOR EACH ROW EXECUTE FUNCTION stats_order_totals_changed();
--> statement-breakpoint
-- Backfill from the positions already there (the monthly rollup fills itself through its trigger).
INSERT INTO sales_order_totals (order_id, currency_id, day, client_id, client_type, quantity, cost, positions)
SELECT p.order_id, p.currency_id, o.opened_on, o.client_id, o.client_type, sum(p.quantity),
  sum(p.quantity * p.price), count(*)
FROM order_positions p JOIN orders o ON o.id = p.order_id
GROUP BY p.order_id, p.currency_id, o.opened_on, o.client_id, o.client_type;
--> statement-breakpoint
INSERT INTO sales_daily (day, client_id, client_type, modification_id, currency_id, quantity, cost, positions)
SELECT o.opened_on, o.client_id, o.client_type, p.modification_id, p.currency_id, sum(p.quantity),
  sum(p.quantity * p.price), count(*)
FROM order_positions p JOIN orders o ON o.id = p.order_id
GROUP BY o.opened_on, o.client_id, o.client_type, p.modification_id, p.currency_id;
