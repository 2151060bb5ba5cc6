import {
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
} from "@mui/material";
import {
  type TAccount,
  type TAccountUpdate,
  ZAccountCreateSchema,
  ZAccountUpdateSchema,
} from "@wholesale/contract";
import { useFormContext } from "react-hook-form";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { FormTextField } from "../../ui/FormField.tsx";
import { useCreateAccount, useUpdateAccount } from "./api.ts";

/** The request's three role flags, shown as one radio group: choosing a role sets its flag and clears the others. */
const ROLES = [
  { flag: "is_office", label: "Офис" },
  { flag: "is_storehouse", label: "Склад" },
  { flag: "is_seller", label: "Продажник" },
] as const;

/** Username, password and role: the same fields whether the create or the update schema checks them. */
function AccountFields({ editing }: { editing: boolean }) {
  const {
    control,
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = useFormContext<TAccountUpdate>();
  // The contract names the «exactly one role» rule after the first flag; the server may name any of them.
  const roleError = errors.is_office ?? errors.is_storehouse ?? errors.is_seller;
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <FormTextField
        control={control}
        name="username"
        label="Имя пользователя"
        autoFocus
        autoComplete="off"
      />
      <FormTextField
        control={control}
        name="password"
        label="Пароль"
        type="password"
        autoComplete="new-password"
        helperText={editing ? "Оставьте пустым, чтобы не менять" : undefined}
      />
      <FormControl error={!!roleError}>
        <FormLabel id="account-role">Роль</FormLabel>
        <RadioGroup
          row
          aria-labelledby="account-role"
          value={ROLES.find((r) => watch(r.flag))?.flag ?? ""}
          onChange={(_event, chosen) => {
            for (const { flag } of ROLES) setValue(flag, flag === chosen, { shouldValidate: isSubmitted });
          }}
        >
          {ROLES.map((r) => (
            <FormControlLabel key={r.flag} value={r.flag} control={<Radio />} label={r.label} />
          ))}
        </RadioGroup>
        {roleError && <FormHelperText>{roleError.message}</FormHelperText>}
      </FormControl>
    </Stack>
  );
}

type Props = { open: boolean; account: TAccount | null; onClose: () => void };

/** Add or edit an account, checked with the server's own request schemas. */
export function AccountDialog({ open, account, onClose }: Props) {
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const common = {
    open,
    onClose,
    defaultValues: {
      username: account?.username ?? "",
      password: "",
      is_office: account?.is_office ?? false,
      is_storehouse: account?.is_storehouse ?? false,
      is_seller: account?.is_seller ?? false,
    },
  };
  return account ? (
    <FormDialog
      {...common}
      title="Редактировать аккаунт"
      // An empty password keeps the old one.
      schema={ZAccountUpdateSchema}
      onSubmit={(body) => update.mutateAsync({ id: account.id, body })}
    >
      {() => <AccountFields editing />}
    </FormDialog>
  ) : (
    <FormDialog
      {...common}
      title="Добавить аккаунт"
      schema={ZAccountCreateSchema}
      onSubmit={(body) => create.mutateAsync(body)}
    >
      {() => <AccountFields editing={false} />}
    </FormDialog>
  );
}
