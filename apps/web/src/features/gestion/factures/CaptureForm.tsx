import { Button, FileInput, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ConsoleInvoicesView } from '@tantieme/contract';
import { useState } from 'react';
import { apiMessage } from '../../auth/validate';
import { parseEuros } from '../money/queries';
import { facturesFr } from './fr';
import { fileBase64, useCaptureInvoice } from './queries';

const t = facturesFr.capture;
const today = () => new Date().toISOString().slice(0, 10);

/** The invoice's PDF and fields, its 6xx account and key: booked to the journal on save. */
export function CaptureForm({ coproId, view }: { coproId: string; view: ConsoleInvoicesView }) {
  const capture = useCaptureInvoice(coproId);
  const [file, setFile] = useState<File | null>(null);
  const [supplier, setSupplier] = useState('');
  const [date, setDate] = useState(today());
  const [number, setNumber] = useState('');
  const [amount, setAmount] = useState('');
  const [account, setAccount] = useState(view.accounts[0]?.code ?? '');
  const [key, setKey] = useState(view.keys[0]?.id ?? '');
  const [description, setDescription] = useState('');
  const cents = parseEuros(amount);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (cents == null) return;
    const f = file
      ? {
          name: file.name,
          content_type: file.type || 'application/pdf',
          content_base64: await fileBase64(file),
        }
      : null;
    capture.mutate(
      {
        fournisseur_name: supplier,
        invoice_date: date,
        number: number.trim() || null,
        amount_cents: cents,
        account,
        repartition_id: key,
        description: description.trim() || null,
        file: f,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t.done });
          setFile(null);
          setSupplier('');
          setNumber('');
          setAmount('');
          setDescription('');
        },
        onError: (err) => notifications.show({ color: 'red', message: apiMessage(err) }),
      },
    );
  }

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="capture-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="capture-title">
          {t.title}
        </Title>
        <FileInput
          label={t.file}
          placeholder={t.chooseFile}
          accept="application/pdf,image/jpeg,image/png"
          value={file}
          onChange={setFile}
          clearable
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t.supplier}
            required
            value={supplier}
            onChange={(e) => setSupplier(e.currentTarget.value)}
            miw={200}
          />
          <TextInput
            label={t.date}
            type="date"
            required
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            miw={160}
          />
          <TextInput
            label={t.number}
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            miw={140}
          />
          <TextInput
            label={t.amount}
            required
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={amount && cents == null ? t.badAmount : undefined}
            miw={140}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <NativeSelect
            label={t.account}
            value={account}
            onChange={(e) => setAccount(e.currentTarget.value)}
            data={view.accounts.map((a) => ({ value: a.code, label: `${a.code} – ${a.label}` }))}
            miw={220}
          />
          <NativeSelect
            label={t.key}
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
            data={view.keys.map((k) => ({ value: k.id, label: k.name }))}
            miw={200}
          />
        </Group>
        <TextInput
          label={t.description}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={capture.isPending} disabled={!supplier || cents == null || !key}>
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
