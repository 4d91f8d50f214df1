import { Stack, Switch, Text } from '@mantine/core';
import { onboardingFr as t } from '../fr';

/** Electronic convocations and minutes (SPEC §2.15), also on 'Configuration' with its consent. */
export function ConvocationSwitch({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Switch
      size="md"
      label={t.convocation}
      description={t.convocationHint}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}

interface Props {
  convocation: boolean;
  fundCalls: boolean;
  hasEmail: boolean;
  onConvocation: (v: boolean) => void;
  onFundCalls: (v: boolean) => void;
  /** Shown under the disabled fund-call switch (red hint, SPEC §2.15). */
  noEmailHint: React.ReactNode;
  disabled?: boolean;
}

/**
 * The two choices of 'Mes choix'. The fund-call switch writes the stored value that is the
 * preferences' payments × e-mail cell (decision 135), which 'Configuration' shows in its matrix
 * only (decision 153).
 */
export function ChoiceSwitches({
  convocation,
  fundCalls,
  hasEmail,
  onConvocation,
  onFundCalls,
  noEmailHint,
  disabled,
}: Props) {
  return (
    <Stack gap="lg">
      <ConvocationSwitch checked={convocation} onChange={onConvocation} disabled={disabled} />
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
