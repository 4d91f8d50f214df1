import { Badge } from '@mantine/core';
import { SIGNALEMENT_STATUS_LABELS, type SignalementStatus } from '@tantieme/contract';

/** Dark shades: white text on each stays above 4.5:1. */
const COLORS: Record<SignalementStatus, string> = {
  NOUVEAU: 'blue.8',
  PRIS_EN_COMPTE: 'violet.8',
  PLANIFIE: 'indigo.9',
  RESOLU: 'teal.9',
  CLOS: 'gray.8',
};

export function StatusBadge({ status }: { status: SignalementStatus }) {
  return (
    <Badge color={COLORS[status]} variant="filled" tt="none" size="md" style={{ flexShrink: 0 }}>
      {SIGNALEMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
