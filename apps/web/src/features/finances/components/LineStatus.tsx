import { Anchor, Badge, Text } from '@mantine/core';
import { formatDate, type LedgerLine, paymentEndpoints } from '@tantieme/contract';
import { useState } from 'react';
import { api } from '../../../api';
import { saveAs } from '../../../ui/download';
import { frFinances as t } from '../fr';

export interface ReceiptTarget {
  coproprieteId: string;
  coproprietaireId: string;
}

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date());

/** A debit a SEPA debit is settling: 'En cours de prélèvement', or the date a mandate's notice gave. */
export function CollectingBadge({ line }: { line: LedgerLine }) {
  if (!line.collecting) return null;
  const later = line.collect_on && line.collect_on > today();
  return (
    <Badge variant="light" color="blue" size="sm" tt="none" mt={4}>
      {later ? t.collectOn(formatDate(line.collect_on)) : t.collecting}
    </Badge>
  );
}

/** 'Reçu' on the line of a payment made in Tantième: the PDF through the guarded call. */
export function ReceiptLink({ line, target }: { line: LedgerLine; target?: ReceiptTarget }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!line.payment_id || !target) return null;
  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      const r = await api.call(paymentEndpoints.receipt, {
        params: { coproId: target!.coproprieteId, id: target!.coproprietaireId, paymentId: line.payment_id! },
      });
      saveAs(r.url, r.name);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={download}
        disabled={busy}
        aria-label={t.receiptLabel(formatDate(line.date))}
        style={{ minHeight: 24 }}
      >
        {t.receipt}
      </Anchor>
      {failed && (
        <Text size="xs" c="red.8" role="alert">
          {t.receiptError}
        </Text>
      )}
    </>
  );
}
