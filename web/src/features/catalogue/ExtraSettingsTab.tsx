import { Box, Button, Divider, FormControlLabel, Stack, Switch, TextField, Typography } from "@mui/material";
import type { TExclusive, TModification } from "@wholesale/contract";
import { useState } from "react";
import { useDeleteAddition, useSaveAddition, useUpdateExclusive, useUpdateModification } from "./api.ts";

const toNumber = (value: string) => Number(value.replace(",", "."));

function ExclusiveRow({ exclusive, disabled }: { exclusive: TExclusive; disabled: boolean }) {
  const update = useUpdateExclusive();
  const [quantity, setQuantity] = useState(String(exclusive.quantity));
  const [ratio, setRatio] = useState(String(exclusive.ratio));
  const valid = Number.isInteger(toNumber(quantity)) && toNumber(quantity) >= 0 && toNumber(ratio) >= 0;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <TextField
        size="small"
        label="Количество"
        type="number"
        value={quantity}
        disabled={disabled}
        onChange={(e) => setQuantity(e.target.value)}
      />
      <TextField
        size="small"
        label="Коэффициент"
        type="number"
        value={ratio}
        disabled={disabled}
        onChange={(e) => setRatio(e.target.value)}
      />
      <Button
        disabled={disabled || !valid || update.isPending}
        onClick={() =>
          update.mutate({ id: exclusive.id, body: { quantity: toNumber(quantity), ratio: toNumber(ratio) } })
        }
      >
        Сохранить
      </Button>
    </Stack>
  );
}

/** Extra settings: name, specifications, the one-hand limit, exclusivity, exclusive entries and the addition. */
export function ExtraSettingsTab({
  modification,
  disabled,
}: {
  modification: TModification;
  disabled: boolean;
}) {
  const update = useUpdateModification();
  const saveAddition = useSaveAddition();
  const deleteAddition = useDeleteAddition();
  const [name, setName] = useState(modification.name);
  const [specifications, setSpecifications] = useState(modification.specifications);
  const [oneHand, setOneHand] = useState(String(modification.one_hand_quantity));
  const [exclusive, setExclusive] = useState(modification.exclusive);
  const addition = modification.addition;
  const [description, setDescription] = useState(addition?.description ?? "");
  const [small, setSmall] = useState(String(addition?.small_wholesale ?? ""));
  const [large, setLarge] = useState(String(addition?.large_wholesale ?? ""));

  const oneHandQuantity = Number(oneHand);
  const valid = name.trim() !== "" && Number.isInteger(oneHandQuantity) && oneHandQuantity >= 0;
  const additionValid =
    description.trim() !== "" && toNumber(small) >= 0 && toNumber(large) >= 0 && small !== "" && large !== "";

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <TextField
        label="Название"
        value={name}
        disabled={disabled}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label="Характеристики"
        multiline
        minRows={2}
        value={specifications}
        disabled={disabled}
        onChange={(e) => setSpecifications(e.target.value)}
      />
      <TextField
        label="Количество в одни руки"
        type="number"
        value={oneHand}
        disabled={disabled}
        helperText="0 — без ограничения"
        onChange={(e) => setOneHand(e.target.value)}
      />
      <FormControlLabel
        control={
          <Switch checked={exclusive} disabled={disabled} onChange={(e) => setExclusive(e.target.checked)} />
        }
        label="Эксклюзив"
      />
      <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
        <Button
          variant="contained"
          disabled={disabled || !valid || update.isPending}
          onClick={() =>
            update.mutate({
              id: modification.id,
              body: { name: name.trim(), specifications, one_hand_quantity: oneHandQuantity, exclusive },
            })
          }
        >
          Сохранить
        </Button>
      </Box>

      {modification.exclusives.length > 0 && (
        <>
          <Divider />
          <Typography variant="subtitle2">Эксклюзивы</Typography>
          {modification.exclusives.map((e) => (
            <ExclusiveRow key={e.id} exclusive={e} disabled={disabled} />
          ))}
        </>
      )}

      <Divider />
      <Typography variant="subtitle2">Дополнение</Typography>
      <TextField
        label="Описание дополнения"
        value={description}
        disabled={disabled}
        onChange={(e) => setDescription(e.target.value)}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          label="Малый опт"
          type="number"
          value={small}
          disabled={disabled}
          onChange={(e) => setSmall(e.target.value)}
        />
        <TextField
          label="Крупный опт"
          type="number"
          value={large}
          disabled={disabled}
          onChange={(e) => setLarge(e.target.value)}
        />
      </Stack>
      <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
        {addition && (
          <Button
            color="error"
            disabled={disabled || deleteAddition.isPending}
            onClick={() => deleteAddition.mutate({ id: addition.id, modification: modification.id })}
          >
            Удалить дополнение
          </Button>
        )}
        <Button
          disabled={disabled || !additionValid || saveAddition.isPending}
          onClick={() =>
            saveAddition.mutate({
              id: addition?.id ?? null,
              body: {
                modification: modification.id,
                description: description.trim(),
                small_wholesale: toNumber(small),
                large_wholesale: toNumber(large),
              },
            })
          }
        >
          Сохранить дополнение
        </Button>
      </Box>
    </Stack>
  );
}
