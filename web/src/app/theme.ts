import { ruRU } from "@mui/material/locale";
import { createTheme } from "@mui/material/styles";

export const theme = createTheme(
  {
    palette: {
      primary: { main: "#1867C0" },
      secondary: { main: "#5CBBF6" },
      background: { default: "#f5f7fa" },
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
