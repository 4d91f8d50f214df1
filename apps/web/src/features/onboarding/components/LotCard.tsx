import {
  Button,
  Card,
  Checkbox,
  Fieldset,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { LotForm } from '@tantieme/contract';
import { onboardingFr as t } from '../fr';
import { EmailField, PhoneField } from './fields';

const legendStyles = { legend: { fontWeight: 600, marginBottom: 4 } };

interface Props {
  lot: LotForm;
  index: number;
  typeName?: string;
  errorFor: (field: keyof LotForm) => string | undefined;
  touch: (field: keyof LotForm) => void;
  onChange: (patch: Partial<LotForm>) => void;
  onCopyPrevious?: () => void;
}

/** One card per lot of the step 'Mes coordonnées et informations' (SPEC §2.15). */
export function LotCard({ lot, index, typeName, errorFor, touch, onChange, onCopyPrevious }: Props) {
  const id = `lot-${index}`;
  const off = lot.ignore;
  const text = (field: 'agency_name' | 'locataire_name' | 'trusted_person', label: string) => (
    <TextInput
      label={label}
      value={lot[field]}
      maxLength={120}
      disabled={off}
      onChange={(e) => onChange({ [field]: e.currentTarget.value })}
    />
  );
  const phone = (field: 'agency_phone' | 'locataire_phone' | 'trusted_person_phone', label: string) => (
    <PhoneField
      label={label}
      value={lot[field]}
      disabled={off}
      error={off ? undefined : errorFor(field)}
      onChange={(v) => onChange({ [field]: v })}
      onTouch={() => touch(field)}
    />
  );
  const email = (field: 'agency_email' | 'locataire_email', label: string) => (
    <EmailField
      label={label}
      value={lot[field]}
      disabled={off}
      error={off ? undefined : errorFor(field)}
      onChange={(v) => onChange({ [field]: v })}
      onTouch={() => touch(field)}
    />
  );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} size="h4" id={`${id}-title`}>
              {t.lotTitle(lot.name)}
            </Title>
            {typeName && !lot.name.toLowerCase().includes(typeName.toLowerCase()) ? (
              <Text size="sm" c="dimmed">
                {typeName}
              </Text>
            ) : null}
          </div>
          {onCopyPrevious ? (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconCopy size={14} aria-hidden />}
              onClick={onCopyPrevious}
              disabled={off}
            >
              {t.copyPrevious}
            </Button>
          ) : null}
        </Group>
        <Checkbox
          radius="sm"
          label={t.fillLater}
          checked={lot.ignore}
          onChange={(e) => onChange({ ignore: e.currentTarget.checked })}
        />
        <Radio.Group
          label={t.useType}
          value={lot.use_type}
          onChange={(v) => onChange({ use_type: v === 'rent' ? 'rent' : 'own' })}
        >
          <Stack gap={6} mt={6}>
            <Radio value="own" label={t.own} disabled={off} />
            <Radio value="rent" label={t.rent} disabled={off} />
          </Stack>
        </Radio.Group>
        <Fieldset legend={t.agency} variant="unstyled" disabled={off} styles={legendStyles}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {text('agency_name', t.agencyName)}
            {phone('agency_phone', t.agencyPhone)}
            {email('agency_email', t.agencyEmail)}
          </SimpleGrid>
        </Fieldset>
        {lot.use_type === 'rent' ? (
          <Fieldset legend={t.tenant} variant="unstyled" disabled={off} styles={legendStyles}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {text('locataire_name', t.tenantName)}
              {phone('locataire_phone', t.tenantPhone)}
              {email('locataire_email', t.tenantEmail)}
            </SimpleGrid>
          </Fieldset>
        ) : null}
        <Fieldset legend={t.trusted} variant="unstyled" disabled={off} styles={legendStyles}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {text('trusted_person', t.trustedName)}
            {phone('trusted_person_phone', t.trustedPhone)}
          </SimpleGrid>
        </Fieldset>
      </Stack>
    </Card>
  );
}
