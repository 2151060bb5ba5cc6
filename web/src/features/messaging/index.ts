// What the rest of the back-office shows of messaging: the menu's count of open claims. The rest of this folder
// is the «Сообщения» and «Заявки» screens' own.
export { OpenClaimsBadge } from "./OpenClaimsBadge.tsx";
