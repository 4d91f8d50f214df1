import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/** A one-button dialog (a title, a message, one closing button). */
export function openAlert({ title, message, close }: { title: string; message?: ReactNode; close: string }) {
  modals.openConfirmModal({
    title,
    centered: true,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: close, cancel: '' },
    cancelProps: { display: 'none' },
  });
}
