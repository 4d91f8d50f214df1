import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError, formatCents, formatDate, paymentEndpoints } from '@tantieme/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api';
import { paymentsFr as t } from '../fr';

/**
 * The optional SEPA mandate that pays each new appel de fonds (decision 122): sign it (holder,
 * IBAN, the mandate's authorisation), see it masked with the debits announced, revoke it.
 */
export function SepaMandateCard({
  coproprieteId,
  coproprietaireId,
}: {
  coproprieteId: string;
  coproprietaireId: string;
}) {
  const params = { coproId: coproprieteId, id: coproprietaireId };
  const key = ['payments', 'sepa-mandate', coproprieteId, coproprietaireId];
  const qc = useQueryClient();
  const q = useQuery({ queryKey: key, queryFn: () => api.call(paymentEndpoints.sepaMandate, { params }) });
  const [holder, setHolder] = useState('');
  const [iban, setIban] = useState('');
  const [accept, setAccept] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      api.call(paymentEndpoints.saveSepaMandate, {
        params,
        body: { account_holder: holder, iban, accept: true },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  // With Stripe the IBAN and the mandate's text are given in Stripe Checkout (setup mode).
  const setup = useMutation({
    mutationFn: () => api.call(paymentEndpoints.startSepaMandateSetup, { params }),
    onSuccess: (r) => window.location.assign(r.url),
  });
  const revoke = useMutation({
    mutationFn: () => api.call(paymentEndpoints.revokeSepaMandate, { params }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  if (!q.data?.available && !q.data?.mandate) return null;
  const m = q.data.mandate;
  const error = save.error instanceof ApiError ? save.error.message : save.error ? t.mandateError : null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sepa-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="sepa-title">
          {t.mandateTitle}
        </Title>
        {m ? (
          <>
            <Text size="sm">{t.mandateActive(m.notice_days)}</Text>
            <Stack gap={2} data-testid="sepa-mandate">
              <Text size="sm">
                {t.mandateIban} : <strong>{m.iban}</strong> ({m.account_holder})
              </Text>
              <Text size="sm">
                {t.mandateReference} : {m.reference}
              </Text>
              <Text size="sm">
                {t.mandateSigned} : {formatDate(m.signed_at)}
              </Text>
              {m.upcoming.map((u) => (
                <Text size="sm" key={u.collect_on}>
                  {t.mandateUpcoming(formatCents(u.amount), formatDate(u.collect_on))}
                </Text>
              ))}
            </Stack>
            <Group>
              <Button color="red" variant="light" loading={revoke.isPending} onClick={() => revoke.mutate()}>
                {t.mandateRevoke}
              </Button>
            </Group>
          </>
        ) : q.data.provider === 'stripe' ? (
          <Stack gap="sm">
            <Text size="sm">{t.mandateIntro}</Text>
            {setup.isError && (
              <Alert color="red" role="alert">
                {t.mandateError}
              </Alert>
            )}
            <Group>
              {/* Its label wraps: on a phone it is wider than the card. */}
              <Button
                loading={setup.isPending}
                onClick={() => setup.mutate()}
                h="auto"
                mih={36}
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.35 } }}
              >
                {t.mandateSignStripe}
              </Button>
            </Group>
          </Stack>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            <Stack gap="sm">
              <Text size="sm">{t.mandateIntro}</Text>
              <TextInput
                label={t.mandateHolder}
                value={holder}
                onChange={(e) => setHolder(e.currentTarget.value)}
                required
                autoComplete="name"
              />
              <TextInput
                label={t.mandateIban}
                value={iban}
                onChange={(e) => setIban(e.currentTarget.value)}
                required
                autoComplete="off"
                spellCheck={false}
              />
              <Checkbox
                checked={accept}
                onChange={(e) => setAccept(e.currentTarget.checked)}
                label={t.mandateAccept}
              />
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Group>
                <Button
                  type="submit"
                  disabled={!accept || !holder.trim() || !iban.trim()}
                  loading={save.isPending}
                >
                  {t.mandateSign}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
