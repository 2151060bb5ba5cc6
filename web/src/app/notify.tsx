import { Box, Typography } from "@mui/material";
import { enqueueSnackbar, type VariantType } from "notistack";

function show(variant: VariantType, title: string, text?: string) {
  enqueueSnackbar(
    <Box>
      <Typography variant="subtitle2" component="div">
        {title}
      </Typography>
      {text && (
        <Typography variant="body2" component="div">
          {text}
        </Typography>
      )}
    </Box>,
    { variant },
  );
}

/** Notifications at the top right, below the app bar, titled as the spec names them. */
export const notify = {
  success: (text: string, title = "Успешно") => show("success", title, text),
  error: (text: string, title = "Ошибка") => show("error", title, text),
  warning: (text: string, title: string) => show("warning", title, text),
};
