import { CLIENT_TYPE_LARGE, CLIENT_TYPE_SMALL } from "@wholesale/contract";
import { InlineKeyboard, Keyboard } from "grammy";
import { volumeData } from "../callback-data/registration.ts";
import { texts } from "../texts.ts";

export function sharePhoneKeyboard() {
  return new Keyboard().requestContact(texts.sharePhone).resized().oneTime();
}

export function volumeKeyboard() {
  return new InlineKeyboard()
    .text(texts.volume.small, volumeData.pack({ clientType: CLIENT_TYPE_SMALL }))
    .text(texts.volume.large, volumeData.pack({ clientType: CLIENT_TYPE_LARGE }));
}
