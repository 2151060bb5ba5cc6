import type { TPreparedList } from "@wholesale/contract";

/** The list as the server answered a change of it: the page keeps it and shows it everywhere. */
export type OnList = (list: TPreparedList) => void;
/** A failure that is not a refusal, for the page's one error notice, with what would try the same again. */
export type OnError = (error: unknown, retry: (() => void) | null) => void;
