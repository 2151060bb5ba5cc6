/**
 * The announcement's button opens the Mini App at `…/app/?modification=<id>`: the page shows that modification
 * (its row and sheet) first. A file of its own, free of zod, because the Mini App's first load reads it.
 */
export const OPEN_MODIFICATION_PARAM = "modification";
