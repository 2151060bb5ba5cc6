export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The app under test is started with this superuser; demo staff share its password. */
export const ADMIN = { username: "admin", password: "e2e-admin-password" };
export const DEMO = {
  office: { username: "office", password: ADMIN.password },
  storehouse: { username: "storehouse", password: ADMIN.password },
  seller: { username: "seller", password: ADMIN.password },
};

/** The app under test links organizations to this bot. */
export const TELEGRAM_BOT_USERNAME = "wholesale_e2e_bot";
