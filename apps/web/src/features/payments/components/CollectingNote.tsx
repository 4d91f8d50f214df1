import { Alert, List, Text } from '@mantine/core';
import { type CollectingItem, formatCents, formatDate } from '@tantieme/contract';
import { paymentsFr as t } from '../fr';

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date());

/**
 * Why there is nothing to pay while a SEPA debit is settling the owed lines (decision 121): shown
 * in place of 'Payez maintenant'.
 */
export function CollectingNote({ items }: { items: CollectingItem[] }) {
  const amount = formatCents(items.reduce((s, i) => s + i.amount, 0));
  const later = items
    .map((i) => i.collect_on)
    .filter((d): d is string => !!d && d > today())
    .sort()[0];
  return (
    <Text size="sm" c="blue.9" data-testid="collecting-note" maw={360}>
      {later ? t.collectingOn(amount, formatDate(later)) : t.collectingNow(amount)}
    </Text>
  );
}

/** In the wizard: the lines a SEPA debit is settling, listed apart and not selectable. */
export function CollectingLines({ items }: { items: CollectingItem[] }) {
  if (items.length === 0) return null;
  return (
    <Alert color="blue" title={t.collectingTitle} data-testid="collecting-lines">
      <Text size="sm">{t.collectingLines}</Text>
      <List size="sm" mt={4}>
        {items.map((i) => (
          <List.Item key={i.id}>
            {i.description} ({formatDate(i.created_date)}), {formatCents(i.amount)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
