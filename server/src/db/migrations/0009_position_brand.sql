-- Order positions name their brand (contract/src/position-name.ts): the ordering service used to store
-- «product modification», which the storehouse cannot tell apart when several brands sell the same product.
-- Each stored name gets its modification's current brand in front; the rest stays as it was written, so a
-- product or modification renamed since still reads as it was ordered. A name that already starts with its
-- brand (demo orders, a product named with its brand) is left alone, as is a position whose modification is
-- gone (none can be deleted while ordered, but the join would then find nothing and change nothing). Names do
-- not change what was sold: the rollup triggers skip this update.
UPDATE order_positions AS op
SET modification_name = btrim(b.name) || ' ' || op.modification_name
FROM modifications AS m
JOIN products AS p ON p.id = m.product_id
JOIN brands AS b ON b.id = p.brand_id
WHERE m.id = op.modification_id
  AND btrim(b.name) <> ''
  AND op.modification_name <> btrim(b.name)
  AND left(op.modification_name, length(btrim(b.name)) + 1) <> btrim(b.name) || ' ';
