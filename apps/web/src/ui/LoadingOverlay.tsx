import { Loader, Stack, Text } from '@mantine/core';
import { fr } from '../i18n/fr';
import { PRODUCT_LOGO_SRC } from './logo';

/** Full-screen loading overlay with a spinner and the product's name (SPEC §2.22). */
export function LoadingOverlay() {
  return (
    <Stack
      role="status"
      aria-live="polite"
      align="center"
      justify="center"
      gap="sm"
      style={{ position: 'fixed', inset: 0, background: 'var(--mantine-color-body)', zIndex: 1000 }}
    >
      <img src={PRODUCT_LOGO_SRC} alt="" width={56} height={56} />
      <Text fw={700} size="xl" c="tantieme.8">
        {fr.productName}
      </Text>
      <Loader size="md" aria-label={fr.loading} />
    </Stack>
  );
}
