import { Stack, Switch, Text } from '@mantine/core';
import { onboardingFr as t } from '../fr';

interface Props {
  convocation: boolean;
  fundCalls: boolean;
  hasEmail: boolean;
  onConvocation: (v: boolean) => void;
  onFundCalls: (v: boolean) => void;
  /** Shown under the disabled fund-call switch (red hint, SPEC §2.15). */
  noEmailHint: React.ReactNode;
  /** Shown right under the convocation switch (Configuration: the recorded consent). */
  convocationNote?: React.ReactNode;
  disabled?: boolean;
}

/** The two choices of 'Mes choix', also shown on 'Configuration'. */
export function ChoiceSwitches({
  convocation,
  fundCalls,
  hasEmail,
  onConvocation,
  onFundCalls,
  noEmailHint,
  convocationNote,
  disabled,
}: Props) {
  return (
    <Stack gap="lg">
      <Switch
        size="md"
        label={t.convocation}
        description={t.convocationHint}
        checked={convocation}
        disabled={disabled}
        onChange={(e) => onConvocation(e.currentTarget.checked)}
      />
      {convocationNote}
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
