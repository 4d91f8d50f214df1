import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type LotBodyConsole, lotBodyConsole } from '@tantieme/contract';
import { useForm } from 'react-hook-form';
import { gestionFr } from '../fr';
import { useCreateLot } from '../queries';
import { showApiErrors } from './apiErrors';

const t = gestionFr.lots;
const TYPES = Object.values(t.types);

type Form = { number: string; name: string; type_name: string; floor: string };

/** Adds a lot: its number in the règlement, type, floor and designation. */
export function LotForm({ coproId }: { coproId: string }) {
  const create = useCreateLot(coproId);
  const empty: Form = { number: '', name: '', type_name: t.types.Appartement, floor: '' };
  const form = useForm<Form, unknown, LotBodyConsole>({
    resolver: zodResolver(lotBodyConsole) as never,
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    create.mutateAsync({ ...body, floor: body.floor?.trim() ? body.floor : null }).then(
      () => {
        form.reset({ ...empty, type_name: form.getValues('type_name') });
        form.setFocus('number');
      },
      (err) => showApiErrors(form, err, 'number'),
    ),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="lot-form">
      <Group align="flex-end" gap="sm">
        <TextInput label={t.number} w={100} {...form.register('number')} error={errors.number?.message} />
        <NativeSelect
          label={t.type}
          w={150}
          data={TYPES}
          {...form.register('type_name')}
          error={errors.type_name?.message}
        />
        <TextInput label={t.floor} w={90} {...form.register('floor')} error={errors.floor?.message} />
        <TextInput
          label={t.name}
          style={{ flex: 1, minWidth: 160 }}
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={form.formState.isSubmitting}>
          {t.addLot}
        </Button>
      </Group>
    </form>
  );
}
