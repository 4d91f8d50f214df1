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
import { type CoproprietaireBodyConsole, coproprietaireBodyConsole } from '@tantieme/contract';
import { Controller, useForm } from 'react-hook-form';
import { gestionFr } from '../fr';
import { useCreateOwner } from '../queriesPeople';
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

/** A co-owner record: a person, a couple or a company, its contact and its lots. */
export function OwnerForm({
  coproId,
  lots,
  onDone,
}: {
  coproId: string;
  lots: { id: string; number: string; name: string }[];
  onDone(name: string): void;
}) {
  const create = useCreateOwner(coproId);
  const form = useForm<Form, unknown, CoproprietaireBodyConsole>({
    resolver: zodResolver(coproprietaireBodyConsole) as never,
    defaultValues: {
      civility: null,
      first_name: '',
      last_name: '',
      company: '',
      email: '',
      phone: '',
      is_member_syndicat: false,
      is_president: false,
      lots: [],
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    create.mutateAsync(body).then(
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
            {t.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
