import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { paymentsFr as t } from '../fr';
import { useDataForPayment, useStripeReady } from '../queries';
import { CollectingNote } from './CollectingNote';

// The wizard (stepper, checkboxes, checkout) loads when first wanted, not with the dashboard;
// hovering or focusing the button starts the download before the click.
const loadWizard = () => import('./PaymentWizard');
const PaymentWizard = lazy(() => loadWizard().then((m) => ({ default: m.PaymentWizard })));

export interface PayNowButtonProps {
  coproprieteId: string;
  coproprietaireId: string;
  /** The statement balance in cents; positive means owed (SPEC §9). */
  balanceCents: number;
  /** Called once the checkout session is created, just before the browser leaves for the checkout. */
  onPaid?: () => void;
}

/**
 * 'Payez maintenant' (SPEC §2.8, §6): shown only when the syndic has active card payments
 * and the balance is positive; opens the payment wizard. Never shown in the read-only
 * syndic preview, nor while a SEPA debit is settling all that is owed (the reason instead).
 */
export function PayNowButton({ coproprieteId, coproprietaireId, balanceCents, onPaid }: PayNowButtonProps) {
  const { pathname } = useLocation();
  const preview = pathname.startsWith('/syndic-preview');
  const ready = useStripeReady(coproprieteId, !preview && balanceCents > 0);
  const payable = useDataForPayment(
    coproprieteId,
    coproprietaireId,
    !preview && balanceCents > 0 && !!ready.data?.ready,
  );
  const [opened, { open, close }] = useDisclosure(false);
  const [mounted, setMounted] = useState(false);
  if (preview || balanceCents <= 0 || !ready.data?.ready) return null;
  // Everything owed is being collected by a SEPA debit: the reason instead of the button.
  const collecting = payable.data?.collecting ?? [];
  if (payable.data && payable.data.debits.length === 0 && collecting.length > 0)
    return <CollectingNote items={collecting} />;
  return (
    <>
      <Button
        onClick={() => {
          setMounted(true);
          open();
        }}
        onMouseEnter={loadWizard}
        onFocus={loadWizard}
      >
        {t.payNow}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <PaymentWizard
            opened={opened}
            onClose={close}
            coproprieteId={coproprieteId}
            coproprietaireId={coproprietaireId}
            onSessionCreated={onPaid}
          />
        </Suspense>
      )}
    </>
  );
}
