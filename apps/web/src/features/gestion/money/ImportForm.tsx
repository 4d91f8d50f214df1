import {
  Alert,
  Button,
  FileInput,
  Group,
  NativeSelect,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { BankView, CsvMappingBody } from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { moneyFr } from './fr';
import { useImportStatement } from './queries';

const t = moneyFr.bank;
type Format = 'camt053' | 'csv' | 'ofx';
const EMPTY: CsvMappingBody = { date: '', label: '', amount: '', debit: '', credit: '', name: '' };

/** A statement imported from a file: for a CSV, its columns (those saved for a bank offered). */
export function ImportForm({ coproId, mappings }: { coproId: string; mappings: BankView['mappings'] }) {
  const [format, setFormat] = useState<Format>('camt053');
  const [file, setFile] = useState<File | null>(null);
  const [saved, setSaved] = useState(mappings[0]?.bank_name ?? '');
  const [bankName, setBankName] = useState('');
  const [mapping, setMapping] = useState<CsvMappingBody>(EMPTY);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const run = useImportStatement(coproId);
  const chosen = mappings.find((m) => m.bank_name === saved);
  const set = (k: keyof CsvMappingBody) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setMapping({ ...mapping, [k]: e.currentTarget.value });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setMessage(null);
    const content = await file.text();
    const clean = (m: CsvMappingBody) =>
      Object.fromEntries(Object.entries(m).filter(([, v]) => v)) as CsvMappingBody;
    const csv = chosen
      ? { mapping: chosen.mapping }
      : { mapping: clean(mapping), bank_name: bankName || undefined };
    run.mutate(
      { format, content, ...(format === 'csv' ? csv : {}) },
      {
        onSuccess: (r) => setMessage({ ok: true, text: t.imported(r.matched, r.unmatched, r.known) }),
        onError: (err) => setMessage({ ok: false, text: apiMessage(err) }),
      },
    );
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-label={t.importTitle}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t.importTitle}
        </Title>
        <Text size="sm" c="gray.7">
          {t.importIntro}
        </Text>
        <Group grow align="flex-start" wrap="wrap">
          <NativeSelect
            label={t.format}
            value={format}
            onChange={(e) => setFormat(e.currentTarget.value as Format)}
            data={Object.entries(t.formats).map(([value, label]) => ({ value, label }))}
            miw={180}
          />
          <FileInput
            label={t.file}
            placeholder={t.chooseFile}
            value={file}
            onChange={setFile}
            clearable
            miw={220}
          />
        </Group>
        {format === 'csv' ? (
          <Stack gap="xs">
            <NativeSelect
              label={t.savedMapping}
              value={saved}
              onChange={(e) => setSaved(e.currentTarget.value)}
              data={[
                ...mappings.map((m) => ({ value: m.bank_name, label: m.bank_name })),
                { value: '', label: t.newMapping },
              ]}
            />
            {!chosen ? (
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {t.columns}
                </Text>
                <TextInput
                  label={t.bankName}
                  value={bankName}
                  onChange={(e) => setBankName(e.currentTarget.value)}
                />
                <Group grow wrap="wrap">
                  <TextInput
                    label={t.colDate}
                    value={mapping.date}
                    onChange={set('date')}
                    required
                    miw={180}
                  />
                  <TextInput
                    label={t.colLabel}
                    value={mapping.label}
                    onChange={set('label')}
                    required
                    miw={180}
                  />
                  <TextInput label={t.colName} value={mapping.name} onChange={set('name')} miw={180} />
                </Group>
                <Group grow wrap="wrap">
                  <TextInput label={t.colAmount} value={mapping.amount} onChange={set('amount')} miw={180} />
                  <TextInput label={t.colDebit} value={mapping.debit} onChange={set('debit')} miw={180} />
                  <TextInput label={t.colCredit} value={mapping.credit} onChange={set('credit')} miw={180} />
                </Group>
              </Stack>
            ) : null}
          </Stack>
        ) : null}
        {run.isPending ? (
          <Stack gap={4} role="status">
            <Text size="sm">{t.importing}</Text>
            <Progress value={100} animated aria-label={t.importing} />
          </Stack>
        ) : null}
        {message ? (
          <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" disabled={!file} loading={run.isPending}>
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
