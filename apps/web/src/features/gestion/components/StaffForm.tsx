import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  CONSOLE_ROLE_LABELS,
  type ConsoleStaffBody,
  consoleStaffBody,
  STAFF_ROLES,
  type StaffRole,
} from '@tantieme/contract';
import { useForm } from 'react-hook-form';
import { gestionFr } from '../fr';
import { useStaffActions } from '../queriesPeople';
import { showApiErrors } from './apiErrors';

const t = gestionFr.team;

type Form = { first_name: string; last_name: string; email: string; role: StaffRole };

/** A new staff member: an e-mail invites them to choose their password. */
export function StaffForm({ onDone }: { onDone(email: string): void }) {
  const { create } = useStaffActions();
  const form = useForm<Form, unknown, ConsoleStaffBody>({
    resolver: zodResolver(consoleStaffBody) as never,
    defaultValues: { first_name: '', last_name: '', email: '', role: 'gestionnaire' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    create.mutateAsync(body).then(
      (s) => onDone(s.email ?? body.email),
      (err) => showApiErrors(form, err),
    ),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="staff-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t.firstName}
            {...form.register('first_name')}
            error={errors.first_name?.message}
          />
          <TextInput
            label={t.lastName}
            withAsterisk
            {...form.register('last_name')}
            error={errors.last_name?.message}
          />
        </SimpleGrid>
        <TextInput
          label={t.email}
          type="email"
          withAsterisk
          {...form.register('email')}
          error={errors.email?.message}
        />
        <NativeSelect
          label={t.role}
          data={STAFF_ROLES.map((r) => ({ value: r, label: CONSOLE_ROLE_LABELS[r] }))}
          {...form.register('role')}
        />
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
