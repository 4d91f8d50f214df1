import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type RepartitionBodyConsole, repartitionBodyConsole } from '@tantieme/contract';
import { Controller, useForm } from 'react-hook-form';
import { gestionFr } from '../fr';
import { useCreateKey } from '../queries';
import { showApiErrors } from './apiErrors';

const t = gestionFr.lots;

type Form = { code: string; name: string; total_tantieme: number | '' };

/** Adds a key (charges générales, ascenseur…) with its total; the first one is offered filled. */
export function KeyForm({ coproId, first }: { coproId: string; first: boolean }) {
  const create = useCreateKey(coproId);
  const form = useForm<Form, unknown, RepartitionBodyConsole>({
    resolver: zodResolver(repartitionBodyConsole) as never,
    defaultValues: first
      ? { code: 'CG', name: t.defaultKey, total_tantieme: 10000 }
      : { code: '', name: '', total_tantieme: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    create.mutateAsync(body).then(
      () => form.reset({ code: '', name: '', total_tantieme: '' }),
      (err) => showApiErrors(form, err, 'name'),
    ),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="key-form">
      <Group align="flex-end" gap="sm">
        <TextInput label={t.keyCode} w={90} {...form.register('code')} error={errors.code?.message} />
        <TextInput
          label={t.keyName}
          style={{ flex: 1, minWidth: 180 }}
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Controller
          control={form.control}
          name="total_tantieme"
          render={({ field }) => (
            <NumberInput
              label={t.keyTotal}
              w={130}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator={'\u00a0'}
              hideControls
              value={field.value}
              onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
              onBlur={field.onBlur}
              error={errors.total_tantieme?.message}
            />
          )}
        />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={form.formState.isSubmitting}>
          {t.addKey}
        </Button>
      </Group>
    </form>
  );
}
