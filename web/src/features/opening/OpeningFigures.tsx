import { Box, Grid } from "@mui/material";
import type { TMarketOpening } from "@wholesale/contract";
import { FigureCard } from "../../ui/FigureCard.tsx";

/** Two a row on a phone, three on a tablet, all six in one row on a wide screen. */
const SIZE = { xs: 6, sm: 4, lg: 2 } as const;

/** The opening's totals, each a card: what was ordered, by how many, what was refused and what failed. */
export function OpeningFigures({ totals }: { totals: TMarketOpening["totals"] }) {
  const { refused } = totals;
  return (
    <Grid container spacing={{ xs: 1, sm: 2 }}>
      <FigureCard
        title="Позиций добавлено"
        value={totals.positions}
        note={`${totals.units} шт.`}
        testId="opening-positions"
        size={SIZE}
      />
      <FigureCard
        title="Заказов"
        value={totals.new_orders}
        note={`новых; с добавленными позициями: ${totals.orders}`}
        testId="opening-orders"
        size={SIZE}
      />
      <FigureCard
        title="Клиентов заказали"
        value={`${totals.clients_ordered} из ${totals.clients_open_for}`}
        note="из тех, для кого маркет открыт"
        testId="opening-clients"
        size={SIZE}
      />
      <FigureCard
        title="Списков отправлено"
        value={totals.lists_sent}
        note="«Список к открытию»"
        testId="opening-lists"
        size={SIZE}
      />
      <FigureCard
        title="Отказы"
        value={refused.stock + refused.limit + refused.pace}
        note={[`нет в наличии: ${refused.stock}`, `лимиты: ${refused.limit}`, `темп: ${refused.pace}`].map(
          (line) => (
            <Box component="span" key={line} sx={{ display: "block" }}>
              {line}
            </Box>
          ),
        )}
        testId="opening-refused"
        size={SIZE}
      />
      <FigureCard
        title="Ошибки сервера"
        value={totals.errors}
        note="ответов с ошибкой"
        testId="opening-errors"
        size={SIZE}
      />
    </Grid>
  );
}
