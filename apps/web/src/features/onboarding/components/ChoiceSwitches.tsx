import { Stack, Switch, Text } from '@mantine/core';
import { PostalRequestControl } from '../../settings/components/PostalRequestControl';
import { onboardingFr as t } from '../fr';

interface Props {
  recordId: string;
  fundCalls: boolean;
  hasEmail: boolean;
  onFundCalls: (v: boolean) => void;
  /** Shown under the disabled fund-call switch (red hint, SPEC §2.15). */
  noEmailHint: React.ReactNode;
  disabled?: boolean;
}

/**
 * The two choices of 'Mes choix'. SPEC §2.15's convocation switch is, as loi 1965 art. 42-1 now
 * reads, the request for the post, recorded at once (decision 184). The fund-call switch writes
 * the stored value that is the preferences' payments × e-mail cell (decision 135), which
 * 'Configuration' shows in its matrix only (decision 153).
 */
export function ChoiceSwitches({ recordId, fundCalls, hasEmail, onFundCalls, noEmailHint, disabled }: Props) {
  return (
    <Stack gap="lg">
      <PostalRequestControl recordId={recordId} />
      <div>
        <Switch
          size="md"
          label={t.fundCalls}
          checked={hasEmail && fundCalls}
          disabled={disabled || !hasEmail}
          aria-describedby={hasEmail ? undefined : 'fund-calls-no-email'}
          onChange={(e) => onFundCalls(e.currentTarget.checked)}
        />
        {hasEmail ? null : (
          <Text id="fund-calls-no-email" c="red" size="sm" mt={6} ml={56}>
            {noEmailHint}
          </Text>
        )}
      </div>
    </Stack>
  );
}
