import {
  Alert,
  Button,
  Center,
  Checkbox,
  Divider,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Stepper,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  ApiError,
  formatCents,
  formatDate,
  type PayableItem,
  payAmountCents,
  payAmountError,
  paymentEndpoints,
  paymentSessionErrorMessage,
} from '@tantieme/contract';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../../api';
import { paymentsFr as t } from '../fr';
import { useDataForPayment } from '../queries';
import { CollectingLines } from './CollectingNote';

interface Props {
  opened: boolean;
  onClose: () => void;
  coproprieteId: string;
  coproprietaireId: string;
  /** Called once the checkout session exists, just before the browser leaves for the checkout. */
  onSessionCreated?: () => void;
}

function Row({ label, value, strong, id }: { label: string; value: string; strong?: boolean; id: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid={id}>
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * SPEC §4 Payment wizard. Step 1: debit lines (all checked by default, select-all),
 * available credit, amount to pay. Step 2: confirmation (credit and complementary
 * payment) with 'Retour'; then the browser goes to the checkout. Failures return to
 * step 1 with the §8 message; an unknown failure reloads the lines.
 */
export function PaymentWizard({ opened, onClose, coproprieteId, coproprietaireId, onSessionCreated }: Props) {
  const data = useDataForPayment(coproprieteId, coproprietaireId, opened);
  const phone = useMediaQuery('(max-width: 36em)');
  const [step, setStep] = useState(0);
  const [unchecked, setUnchecked] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Each opening starts at step 1 with every line checked.
  useEffect(() => {
    if (opened) {
      setStep(0);
      setUnchecked(new Set());
      setError(null);
    }
  }, [opened]);

  const debits: PayableItem[] = data.data?.debits ?? [];
  const credits: PayableItem[] = data.data?.credits ?? [];
  const currency = (data.data?.currency ?? 'eur').toUpperCase();
  const checked = debits.filter((d) => !unchecked.has(d.id));
  // Amounts are cents; the spec's rule (checked debits − credits, rounded) from the contract.
  const total = useMemo(() => payAmountCents(checked, [], currency), [checked, currency]);
  const credit = useMemo(() => payAmountCents(credits, [], currency), [credits, currency]);
  const amount = payAmountCents(checked, credits, currency);
  const amountError = payAmountError(amount);
  const allChecked = debits.length > 0 && checked.length === debits.length;
  const someChecked = checked.length > 0 && !allChecked;

  const toggle = (id: string) =>
    setUnchecked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setUnchecked(allChecked ? new Set(debits.map((d) => d.id)) : new Set());

  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const session = await api.call(paymentEndpoints.generateSession, {
        params: { coproId: coproprieteId, id: coproprietaireId },
        body: {
          debits: checked.map((d) => ({ id: d.id, amount: d.amount })),
          credits: credits.map((c) => ({ id: c.id, amount: c.amount })),
          pay_amount: amount,
        },
      });
      onSessionCreated?.();
      window.location.assign(session.url);
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      const shown = paymentSessionErrorMessage(e?.code ?? 'INTERNAL', e?.errors?.minimum ?? e?.message);
      setError(shown.message);
      setStep(0);
      if (shown.reload) {
        setUnchecked(new Set());
        void data.refetch();
      }
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.wizardTitle}
      size="lg"
      centered
      fullScreen={!!phone}
      closeButtonProps={{ 'aria-label': t.close }}
    >
      <Stepper active={step} size="sm" iconSize={28} wrap={false} mb="md" allowNextStepsSelect={false}>
        <Stepper.Step label={t.stepChoose} />
        <Stepper.Step label={t.stepConfirm} />
      </Stepper>
      {error && (
        <Alert color="red" mb="md" role="alert">
          {error}
        </Alert>
      )}
      {data.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Chargement…" />
        </Center>
      ) : data.isError ? (
        <Stack>
          <Alert color="red" role="alert">
            {t.loadError}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void data.refetch()}>
              {t.retry}
            </Button>
          </Group>
        </Stack>
      ) : step === 0 ? (
        <Stack gap="sm">
          <CollectingLines items={data.data?.collecting ?? []} />
          {debits.length === 0 ? (
            <Text c="dimmed">{t.noDebt}</Text>
          ) : (
            <>
              <Checkbox
                label={t.selectAll}
                checked={allChecked}
                indeterminate={someChecked}
                onChange={toggleAll}
                fw={600}
              />
              <Divider />
              <ScrollArea.Autosize mah={280} type="auto">
                <Stack gap="xs" role="group" aria-label={t.debtsLegend}>
                  {debits.map((d) => (
                    <Group key={d.id} justify="space-between" wrap="nowrap" gap="xs">
                      <Checkbox
                        checked={!unchecked.has(d.id)}
                        onChange={() => toggle(d.id)}
                        label={
                          <span>
                            {d.description}
                            {/* Read as '…4e trimestre 2026, 01/10/2026', not run together. */}
                            <VisuallyHidden>, </VisuallyHidden>
                            <Text span size="xs" c="dimmed" ml={6}>
                              {formatDate(d.created_date)}
                            </Text>
                          </span>
                        }
                      />
                      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                        {formatCents(d.amount)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </>
          )}
          <Divider />
          <Row id="pay-total" label={t.total} value={formatCents(total)} />
          <Row id="pay-credit" label={t.availableCredit} value={formatCents(credit)} />
          <Row id="pay-amount" label={t.amountToPay} value={formatCents(amount)} strong />
          {amountError && (
            <Text c="red" size="sm" role="alert">
              {amountError}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button
              onClick={() => {
                setError(null);
                setStep(1);
              }}
              disabled={checked.length === 0 || amount <= 0}
            >
              {t.next}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t.confirmIntro}</Text>
          <Row id="confirm-total" label={t.total} value={formatCents(total)} />
          <Row id="confirm-credit" label={t.creditUsed} value={formatCents(credit)} />
          <Divider />
          <Row id="confirm-complementary" label={t.complementaryPayment} value={formatCents(amount)} strong />
          <Text size="xs" c="dimmed">
            {t.redirectNote}
          </Text>
          <Group justify="space-between" mt="sm">
            <Button variant="default" onClick={() => setStep(0)} disabled={busy}>
              {t.back}
            </Button>
            <Button onClick={() => void pay()} loading={busy}>
              {t.pay} {formatCents(amount)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
