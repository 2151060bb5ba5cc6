-- Clients' phones in the one form normalizePhone (contract/src/phone.ts) stores: «+» and digits. The back-office
-- stored them as typed, so a search by phone missed them. A value that is not a phone is left as it was.
update clients c set phone_number = '+' || n.digits
from (
  select id,
    case
      when length(d) = 11 and d like '8%' and btrim(phone_number) not like '+%' then '7' || substr(d, 2)
      when length(d) = 10 and d like '9%' then '7' || d
      else d
    end as digits
  from (select id, phone_number, regexp_replace(phone_number, '\D', '', 'g') as d from clients
    where btrim(phone_number) ~ '^\+?[0-9 ()-]+$') typed
) n
where n.id = c.id and length(n.digits) between 10 and 15 and c.phone_number <> '+' || n.digits;
