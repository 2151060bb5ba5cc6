import type { TClient, TClientGroup, TClientUpdate, TTransportation } from "@wholesale/contract";
import { useContext, useState } from "react";
import { FormDialog } from "../../ui/FormDialog.tsx";
import { useOrganizations, useUpdateClient } from "./api.ts";
import { ClientFields } from "./client-dialog/ClientFields.tsx";
import { clientFormValues, ZClientFormSchema } from "./client-dialog/client-form.ts";
import { StatusButtons } from "./client-dialog/StatusButtons.tsx";
import { ClientDialogPartsContext } from "./client-dialog-parts.ts";

type Props = {
  client: TClient;
  groups: TClientGroup[];
  transportations: TTransportation[];
  onClose: () => void;
};

/**
 * Client edit: the status toggles act at once (`client-dialog/StatusButtons.tsx`); the form
 * (`client-dialog/client-form.ts`) saves the rest and the access rules together.
 */
export function ClientDialog({ client, groups, transportations, onClose }: Props) {
  const [current, setCurrent] = useState(client);
  const update = useUpdateClient();
  const { MarketStatus, useBrandNames } = useContext(ClientDialogPartsContext);
  const brands = useBrandNames();
  const organizations = useOrganizations();

  const toggle = async (body: TClientUpdate) => {
    setCurrent(await update.mutateAsync({ id: current.id, body }));
  };

  return (
    <FormDialog
      title="Редактировать клиента"
      maxWidth="md"
      schema={ZClientFormSchema}
      defaultValues={clientFormValues(client)}
      onSubmit={(values) =>
        update.mutateAsync({
          id: current.id,
          // Prices with markup are only for a client who may see prices (part 2, section 4).
          body: { ...values, allowed_price_w_markup: values.allowed_price && values.allowed_price_w_markup },
        })
      }
      onClose={onClose}
    >
      {({ control, watch, setValue }) => (
        <>
          <StatusButtons client={current} onToggle={toggle} />
          <MarketStatus clientId={current.id} />
          <ClientFields
            control={control}
            organizations={organizations.data ?? []}
            groups={groups}
            transportations={transportations}
            brands={brands}
            allowedPrice={watch("allowed_price") === true}
            noLimit={watch("accessrules.no_limit")}
            clearLimit={() => setValue("accessrules.total_limit", "", { shouldValidate: true })}
          />
        </>
      )}
    </FormDialog>
  );
}
