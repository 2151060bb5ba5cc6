import { createContext, useContext, useEffect } from "react";

/** Lets a page put live detail (a count) into the app bar's title, the one place a page's title appears. */
export const PageTitleContext = createContext<(title: string | null) => void>(() => {});

/** The app bar shows `title` instead of the section's name while the calling page is open. */
export function usePageTitle(title: string | null) {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [setTitle, title]);
}
