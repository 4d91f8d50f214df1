import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { fr } from '../i18n/fr';

/**
 * Generic confirm modal (SPEC §2.22): default buttons 'Annuler' and 'Confirmer'; resolves true
 * when confirmed, false when cancelled or closed.
 */
export function confirmModal(opts: {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: opts.title ?? fr.confirm.title,
      children: typeof opts.message === 'string' ? <Text size="sm">{opts.message}</Text> : opts.message,
      labels: {
        confirm: opts.confirmLabel ?? fr.confirm.confirm,
        cancel: opts.cancelLabel ?? fr.confirm.cancel,
      },
      confirmProps: opts.danger ? { color: 'red' } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** A one-button information dialog (confirm dialog default label "D'accord"). */
export function alertModal(opts: { title?: string; message: ReactNode; okLabel?: string }): Promise<void> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: opts.title ?? fr.confirm.title,
      children: typeof opts.message === 'string' ? <Text size="sm">{opts.message}</Text> : opts.message,
      labels: { confirm: opts.okLabel ?? fr.confirm.ok, cancel: '' },
      cancelProps: { display: 'none' },
      onConfirm: () => resolve(),
      onClose: () => resolve(),
    });
  });
}
