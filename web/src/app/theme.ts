import { ruRU } from "@mui/material/locale";
import { createTheme } from "@mui/material/styles";

export const theme = createTheme(
  {
    palette: {
      primary: { main: "#1867C0" },
      secondary: { main: "#5CBBF6" },
      background: { default: "#f5f7fa" },
      // Darker than MUI's own (#ed6c02 and #0288d1 give 3.1 and 3.9 : 1 on white): text in these colours, and
      // white on them, reads at 4.5 : 1 or more on the page's white and grey (WCAG AA).
      warning: { main: "#b45309" },
      info: { main: "#026aa7" },
    },
    shape: { borderRadius: 8 },
    components: {
      // Labels are shown exactly as written (the spec's "Войти", not "ВОЙТИ").
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: "none" } },
      },
      MuiTab: { styleOverrides: { root: { textTransform: "none" } } },
      MuiTextField: { defaultProps: { size: "small" } },
    },
  },
  ruRU,
);
