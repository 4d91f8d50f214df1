import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AddressValue, type BuildingBody, buildingBody } from '@tantieme/contract';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { AddressInput } from '../../../ui/AddressInput';
import { gestionFr } from '../fr';
import { useCreateBuilding } from '../queries';
import { showApiErrors } from '../components/apiErrors';

const t = gestionFr.create;

type Form = { name: string; address: AddressValue | null };

/** A building from nothing: its name and address (from the address search), then its lots. */
export default function BuildingNewPage() {
  const navigate = useNavigate();
  const create = useCreateBuilding();
  const form = useForm<Form, unknown, BuildingBody>({
    resolver: zodResolver(buildingBody) as never,
    defaultValues: { name: '', address: null },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    create.mutateAsync(body).then(
      (b) => {
        notifications.show({ color: 'teal', message: t.created(b.name) });
        navigate(`/gestion/immeubles/${b.id}/lots`);
      },
      (err) => showApiErrors(form, err),
    ),
  );
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1}>{t.title}</Title>
        <Text c="gray.7">{t.intro}</Text>
      </div>
      <Paper withBorder p="lg" component="form" onSubmit={submit} noValidate data-testid="building-form">
        <Stack gap="md">
          <TextInput
            label={t.name}
            placeholder={t.namePlaceholder}
            withAsterisk
            {...form.register('name')}
            error={errors.name?.message}
          />
          <Controller
            control={form.control}
            name="address"
            render={({ field }) => (
              <AddressInput
                label={t.address}
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                error={errors.address ? t.addressRequired : undefined}
              />
            )}
          />
          {errors.root ? (
            <Alert color="red" role="alert">
              {errors.root.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button component={Link} to="/gestion/immeubles" variant="default">
              {gestionFr.cancel}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
