import { Chip } from "@mui/material";
import { can, useSession } from "../../session/session.ts";
import { useOpenClaimsCount } from "./api.ts";

/** The number of open claims beside «Заявки» in the menu (nothing when there are none). */
export function OpenClaimsBadge() {
  const { myUser } = useSession();
  const count = useOpenClaimsCount(can(myUser, "claims.manage"));
  if (!count.data) return null;
  return (
    <Chip size="small" color="warning" label={count.data} aria-label={`Открытых заявок: ${count.data}`} />
  );
}
