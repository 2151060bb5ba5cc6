/** The spec keeps the session in localStorage under exactly these names. */
const ACCESS = "token";
const REFRESH = "refreshToken";

export const tokens = {
  access: () => localStorage.getItem(ACCESS),
  refresh: () => localStorage.getItem(REFRESH),
  save(access: string, refresh?: string) {
    localStorage.setItem(ACCESS, access);
    if (refresh !== undefined) localStorage.setItem(REFRESH, refresh);
  },
  clear() {
    localStorage.removeItem(ACCESS);
    localStorage.removeItem(REFRESH);
  },
};
