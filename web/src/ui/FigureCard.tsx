import { Card, CardActionArea, CardContent, Grid, type GridSize, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { Link } from "react-router";

type Props = {
  title: string;
  value: ReactNode;
  note?: ReactNode;
  /** The screen the figure comes from: the whole card opens it. */
  to?: string;
  testId: string;
  /** The card's width in the grid's twelfths, by breakpoint. */
  size?: { xs?: GridSize; sm?: GridSize; md?: GridSize; lg?: GridSize };
};

const DEFAULT_SIZE = { xs: 12, sm: 6, md: 4, lg: 3 } as const;

/** One figure of a board (the home page, «Открытие маркета»): its name, the figure and a line under it. */
export function FigureCard({ title, value, note, to, testId, size = DEFAULT_SIZE }: Props) {
  const content = (
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {title}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Grid size={size}>
      <Card variant="outlined" sx={{ height: "100%" }} data-testid={to ? undefined : testId}>
        {to ? (
          <CardActionArea component={Link} to={to} sx={{ height: "100%" }} data-testid={testId}>
            {content}
          </CardActionArea>
        ) : (
          content
        )}
      </Card>
    </Grid>
  );
}
