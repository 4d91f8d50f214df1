import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  type ConsoleCoproprietaire,
  type CoproprietaireBodyConsole,
  coproprietaireBodyConsole,
} from '@tantieme/contract';
import { Controller, useForm } from 'react-hook-form';
import { gestionFr } from '../fr';
import { useCreateOwner, useUpdateOwner } from '../queriesPeople';
import { showApiErrors } from './apiErrors';

const t = gestionFr.owners;

type Civility = keyof typeof t.civilities;
type Form = {
  civility: Civility | null;
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  phone: string;
  is_member_syndicat: boolean;
  is_president: boolean;
  lots: string[];
};

const isCivility = (v: string | null): v is Civility => !!v && v in t.civilities;

/** The form's values of an existing record (editing), or empty ones (a new record). */
function valuesOf(o?: ConsoleCoproprietaire): Form {
  return {
    civility: o && isCivility(o.civility) ? o.civility : null,
    first_name: o?.first_name ?? '',
    last_name: o?.last_name ?? '',
    company: o?.company ?? '',
    email: o?.email ?? '',
    phone: o?.phone ?? '',
    is_member_syndicat: o?.is_member_syndicat ?? false,
    is_president: o?.is_president ?? false,
    lots: o?.lots.map((l) => l.id) ?? [],
  };
}

/**
 * A co-owner record: a person, a couple (« M. et Mme ») or a company, SCI or indivision, its
 * contact and its lots; a new one, or `owner` changed.
 */
export function OwnerForm({
  coproId,
  lots,
  owner,
  onDone,
}: {
  coproId: string;
  lots: { id: string; number: string; name: string }[];
  owner?: ConsoleCoproprietaire;
  onDone(name: string): void;
}) {
  const create = useCreateOwner(coproId);
  const update = useUpdateOwner(coproId);
  const form = useForm<Form, unknown, CoproprietaireBodyConsole>({
    resolver: zodResolver(coproprietaireBodyConsole) as never,
    defaultValues: valuesOf(owner),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    (owner ? update.mutateAsync({ id: owner.id, body }) : create.mutateAsync(body)).then(
      (o) => onDone(o.name),
      (err) => showApiErrors(form, err),
    ),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="owner-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NativeSelect
            label={t.civility}
            data={[
              { value: '', label: '' },
              ...(Object.keys(t.civilities) as Civility[]).map((k) => ({ value: k, label: t.civilities[k] })),
            ]}
            {...form.register('civility', { setValueAs: (v) => v || null })}
          />
          <TextInput
            label={t.firstName}
            {...form.register('first_name')}
            error={errors.first_name?.message}
          />
          <TextInput label={t.lastName} {...form.register('last_name')} error={errors.last_name?.message} />
        </SimpleGrid>
        <TextInput label={t.company} {...form.register('company')} error={errors.company?.message} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t.email} type="email" {...form.register('email')} error={errors.email?.message} />
          <TextInput label={t.phone} type="tel" {...form.register('phone')} error={errors.phone?.message} />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="lots"
          render={({ field }) => (
            <MultiSelect
              label={t.ownerLots}
              searchable
              data={lots.map((l) => ({ value: l.id, label: [l.number, l.name].filter(Boolean).join(' · ') }))}
              value={field.value}
              onChange={field.onChange}
              error={errors.lots?.message}
            />
          )}
        />
        <Checkbox label={t.council} {...form.register('is_member_syndicat')} />
        {errors.root ? (
          <Alert color="red" role="alert">
            {errors.root.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {owner ? t.save : t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
